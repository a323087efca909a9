/** The API resources the panel reads (docs/api.md, /v1/openapi.json). */

export interface Perfil {
  plano: 'free' | 'pro' | 'enterprise';
  limites: { requisicoes: number; periodo: string };
  consumo: { requisicoes_utilizadas: number; requisicoes_restantes: number };
}

export interface Requisicao {
  endpoint: string;
  metodo: string;
  status_code: number;
  tempo_resposta_ms: number;
  data_hora: string;
}

export interface Uso {
  tempo_medio_resposta_ms: number;
  total_requisicoes: number;
  ultimas_requisicoes: Requisicao[];
  requisicoes_por_dia: { dia: string; requisicoes: number }[];
  requisicoes_por_endpoint: { metodo: string; endpoint: string; requisicoes: number }[];
}

export interface Webhook {
  id: number;
  nome: string;
  url: string;
  eventos: string[];
  ativo: boolean;
  criado_em: string;
  atualizado_em: string;
  falhas_consecutivas: number;
  ultimo_sucesso_em: string | null;
  desativado_em: string | null;
  motivo_desativacao: string | null;
}

export interface WebhooksMeta {
  entregas_mes_usadas: number;
  entregas_mes_limite: number | null;
  entregas_referencia: string;
}

export interface Entrega {
  id: string;
  webhook_id: number;
  evento: string;
  evento_id: number | null;
  status: 'pendente' | 'entregue' | 'falhou' | 'descartada';
  tentativas: number;
  origem: 'automatica' | 'teste' | 'replay';
  criada_em: string;
  entregue_em: string | null;
  proxima_tentativa_em: string | null;
  ultimo_status_code: number | null;
  ultimo_erro: string | null;
  duracao_ms: number | null;
}
