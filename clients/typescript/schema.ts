// Generated from /v1/openapi.json by clients/typescript/generate.ts (npm run client:generate). Do not edit.

export interface paths {
    "/v1/campeonatos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os campeonatos */
        get: operations["getCampeonatos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um campeonato */
        get: operations["getCampeonatosId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/partidas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Partidas de um campeonato (paginadas, por data) */
        get: operations["getCampeonatosCampeonatoIdPartidas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/rodadas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rodadas com suas partidas, por número */
        get: operations["getCampeonatosCampeonatoIdRodadas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/rodadas/{numero}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma rodada com suas partidas (sem `fase`) */
        get: operations["getCampeonatosCampeonatoIdRodadasNumero"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/chave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chaveamento completo (ida e volta) */
        get: operations["getCampeonatosCampeonatoIdChave"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/fases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fases em sequência, com navegação */
        get: operations["getCampeonatosCampeonatoIdFases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/fases/{faseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detalhe de uma fase (chaves ou rodadas) */
        get: operations["getCampeonatosCampeonatoIdFasesFaseId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Classificação de uma fase */
        get: operations["getCampeonatosCampeonatoIdFasesFaseIdTabela"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/tabela": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Classificação completa */
        get: operations["getCampeonatosCampeonatoIdTabela"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/artilharia": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Artilharia (gols desc.; sem jogadores com 0 gols) */
        get: operations["getCampeonatosCampeonatoIdArtilharia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campeonatos/{campeonatoId}/cobertura": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cobertura de dados de um campeonato */
        get: operations["getCampeonatosCampeonatoIdCobertura"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cobertura": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cobertura de todos os campeonatos da temporada (padrão: a mais recente) */
        get: operations["getCobertura"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/partidas/ao-vivo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Partidas ao vivo (cache de 15 s) */
        get: operations["getPartidasAoVivo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/partidas/{id}/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Eventos de uma partida, por minuto */
        get: operations["getPartidasIdEventos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/partidas/{id}/estatisticas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estatísticas por lado (null = não informado) */
        get: operations["getPartidasIdEstatisticas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/partidas/{id}/escalacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Escalações (404 quando não há) */
        get: operations["getPartidasIdEscalacao"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Busca de times (até 20) */
        get: operations["getTimes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/times/{timeId}/jogadores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Elenco de um time (posição, nome) */
        get: operations["getTimesTimeIdJogadores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jogadores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Busca de jogadores (até 20) */
        get: operations["getJogadores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jogadores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um jogador */
        get: operations["getJogadoresId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plano, limites e consumo da chave */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/perfil/estatisticas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estatísticas de uso da chave */
        get: operations["getPerfilEstatisticas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os webhooks da conta e o uso mensal de entregas */
        get: operations["getWebhooks"];
        put?: never;
        /** Cria um webhook (o secret é exibido só nesta resposta) */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um webhook */
        get: operations["getWebhooksId"];
        put?: never;
        post?: never;
        /** Remove um webhook */
        delete: operations["deleteWebhooksId"];
        options?: never;
        head?: never;
        /** Altera nome, URL, eventos ou ativo */
        patch: operations["patchWebhooksId"];
        trace?: never;
    };
    "/v1/webhooks/{id}/rotacionar-segredo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Gera um novo secret (exibido só nesta resposta). Com `sobreposicao_segundos` (até 7 dias) o secret anterior continua assinando cada entrega, em `X-SVC-Assinatura-Anterior`, até `secret_anterior_valido_ate`; sem corpo, ele deixa de valer na hora */
        post: operations["postWebhooksIdRotacionarSegredo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/testar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enfileira uma entrega de teste: `webhook.teste`, ou com `evento` uma entrega desse evento com o payload de exemplo desta documentação */
        post: operations["postWebhooksIdTestar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de entregas, das mais recentes às mais antigas (inclui descartadas), paginado */
        get: operations["getWebhooksIdEntregas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas/{entregaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma entrega, com o corpo assinado */
        get: operations["getWebhooksIdEntregasEntregaId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenfileira todas as entregas de eventos que falharam ou foram descartadas desde `desde` (depois de reativar um webhook): mesmos `X-SVC-Entrega` e corpos, assinatura nova, contadas como qualquer entrega (409 se o webhook está desativado) */
        post: operations["postWebhooksIdEntregasReenviar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas/{entregaId}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenfileira uma entrega concluída: mesmo `X-SVC-Entrega` e corpo, assinatura nova, contada como qualquer entrega (409 se ainda pendente, ou se o webhook está desativado e a entrega é de um evento) */
        post: operations["postWebhooksIdEntregasEntregaIdReenviar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Eventos ao vivo (Server-Sent Events): os oito eventos dos webhooks, cada um com `event:` o nome, `id:` o número de sequência e `data:` exatamente o corpo do webhook. Retoma após `Last-Event-ID` enquanto a janela em memória (2.000 eventos) os tiver; além dela envia `event: recarregar` (recarregue pela API REST). Comentário de heartbeat a cada 15 s. */
        get: operations["getStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stream/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ticket de uso único (válido por 30 s) para abrir o stream sem a API Key na URL; `url` é absoluta (`--public-url`, ou o esquema e o host da requisição) */
        post: operations["postStreamTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versão, snapshot atual e uptime (sem chave) */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness (sem chave) */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 503 até haver snapshot e o plano de controle responder (sem chave) */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "partida.criada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uma partida nova entrou no calendário.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.criada",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 401,
                     *         "campeonato_id": 2,
                     *         "rodada_numero": null,
                     *         "fase": {
                     *           "id": 4,
                     *           "nome": "Final",
                     *           "slug": "final"
                     *         },
                     *         "status": "aguardando",
                     *         "placar_mandante": null,
                     *         "placar_visitante": null,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-12-13T16:00:00-03:00",
                     *         "time_mandante": {
                     *           "id": 1,
                     *           "nome": "Flamengo",
                     *           "sigla": "FLA"
                     *         },
                     *         "time_visitante": {
                     *           "id": 7,
                     *           "nome": "Corinthians",
                     *           "sigla": "COR"
                     *         },
                     *         "estadio": "Mané Garrincha",
                     *         "gols": []
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaCriada"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "partida.ao_vivo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A partida começou.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.ao_vivo",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 339,
                     *         "campeonato_id": 1,
                     *         "rodada_numero": 34,
                     *         "fase": null,
                     *         "status": "ao_vivo",
                     *         "placar_mandante": 0,
                     *         "placar_visitante": 0,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-11-22T18:30:00-03:00",
                     *         "time_mandante": {
                     *           "id": 1,
                     *           "nome": "Flamengo",
                     *           "sigla": "FLA"
                     *         },
                     *         "time_visitante": {
                     *           "id": 2,
                     *           "nome": "Palmeiras",
                     *           "sigla": "PAL"
                     *         },
                     *         "estadio": "Maracanã",
                     *         "gols": []
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaAoVivo"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "partida.placar_atualizado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * O placar mudou (gol, gol anulado, correção).
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.placar_atualizado",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 337,
                     *         "campeonato_id": 1,
                     *         "rodada_numero": 34,
                     *         "fase": null,
                     *         "status": "encerrado",
                     *         "placar_mandante": 2,
                     *         "placar_visitante": 0,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-11-22T16:00:00-03:00",
                     *         "time_mandante": {
                     *           "id": 3,
                     *           "nome": "Cruzeiro",
                     *           "sigla": "CRU"
                     *         },
                     *         "time_visitante": {
                     *           "id": 8,
                     *           "nome": "Atlético Mineiro",
                     *           "sigla": "CAM"
                     *         },
                     *         "estadio": "Mineirão",
                     *         "gols": [
                     *           {
                     *             "tipo": "gol",
                     *             "jogador": "Lucas Guimarães",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 23
                     *           },
                     *           {
                     *             "tipo": "penalti",
                     *             "jogador": "Guilherme Rocha",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 81
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaPlacarAtualizado"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "partida.gol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Um gol foi marcado.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.gol",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 337,
                     *         "campeonato_id": 1,
                     *         "rodada_numero": 34,
                     *         "fase": null,
                     *         "status": "encerrado",
                     *         "placar_mandante": 2,
                     *         "placar_visitante": 0,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-11-22T16:00:00-03:00",
                     *         "time_mandante": {
                     *           "id": 3,
                     *           "nome": "Cruzeiro",
                     *           "sigla": "CRU"
                     *         },
                     *         "time_visitante": {
                     *           "id": 8,
                     *           "nome": "Atlético Mineiro",
                     *           "sigla": "CAM"
                     *         },
                     *         "estadio": "Mineirão",
                     *         "gols": [
                     *           {
                     *             "tipo": "gol",
                     *             "jogador": "Lucas Guimarães",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 23
                     *           },
                     *           {
                     *             "tipo": "penalti",
                     *             "jogador": "Guilherme Rocha",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 81
                     *           }
                     *         ],
                     *         "gol": {
                     *           "tipo": "penalti",
                     *           "jogador": "Guilherme Rocha",
                     *           "time_nome": "Cruzeiro",
                     *           "minuto": 81
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaGol"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "partida.encerrada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A partida terminou.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.encerrada",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 337,
                     *         "campeonato_id": 1,
                     *         "rodada_numero": 34,
                     *         "fase": null,
                     *         "status": "encerrado",
                     *         "placar_mandante": 2,
                     *         "placar_visitante": 0,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-11-22T16:00:00-03:00",
                     *         "time_mandante": {
                     *           "id": 3,
                     *           "nome": "Cruzeiro",
                     *           "sigla": "CRU"
                     *         },
                     *         "time_visitante": {
                     *           "id": 8,
                     *           "nome": "Atlético Mineiro",
                     *           "sigla": "CAM"
                     *         },
                     *         "estadio": "Mineirão",
                     *         "gols": [
                     *           {
                     *             "tipo": "gol",
                     *             "jogador": "Lucas Guimarães",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 23
                     *           },
                     *           {
                     *             "tipo": "penalti",
                     *             "jogador": "Guilherme Rocha",
                     *             "time_nome": "Cruzeiro",
                     *             "minuto": 81
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaEncerrada"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "partida.escalacao_publicada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * As escalações foram publicadas.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "partida.escalacao_publicada",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 339,
                     *         "campeonato_id": 1,
                     *         "rodada_numero": 34,
                     *         "fase": null,
                     *         "status": "aguardando",
                     *         "placar_mandante": null,
                     *         "placar_visitante": null,
                     *         "disputa_penalti": false,
                     *         "penalti": {
                     *           "placar_mandante": null,
                     *           "placar_visitante": null
                     *         },
                     *         "data_hora_realizacao": "2026-11-22T18:30:00-03:00",
                     *         "time_mandante": {
                     *           "id": 1,
                     *           "nome": "Flamengo",
                     *           "sigla": "FLA"
                     *         },
                     *         "time_visitante": {
                     *           "id": 2,
                     *           "nome": "Palmeiras",
                     *           "sigla": "PAL"
                     *         },
                     *         "estadio": "Maracanã",
                     *         "gols": []
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookPartidaEscalacaoPublicada"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rodada.encerrada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Todas as partidas da rodada terminaram.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "rodada.encerrada",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 34,
                     *         "campeonato_id": 1,
                     *         "numero": 34,
                     *         "nome": "34ª Rodada",
                     *         "slug": "34a-rodada",
                     *         "status": "encerrada",
                     *         "data": "2026-11-21",
                     *         "proxima_rodada": {
                     *           "nome": "35ª Rodada",
                     *           "slug": "35a-rodada",
                     *           "numero": 35,
                     *           "status": "agendada"
                     *         },
                     *         "rodada_anterior": {
                     *           "nome": "33ª Rodada",
                     *           "slug": "33a-rodada",
                     *           "numero": 33,
                     *           "status": "encerrada"
                     *         },
                     *         "partidas": [
                     *           {
                     *             "id": 331,
                     *             "rodada_id": 34,
                     *             "rodada_numero": 34,
                     *             "rodada_nome": "34ª Rodada",
                     *             "time_mandante": {
                     *               "id": 4,
                     *               "nome": "Botafogo",
                     *               "sigla": "BOT",
                     *               "escudo_url": null
                     *             },
                     *             "time_visitante": {
                     *               "id": 5,
                     *               "nome": "Fluminense",
                     *               "sigla": "FLU",
                     *               "escudo_url": null
                     *             },
                     *             "placar_mandante": 2,
                     *             "placar_visitante": 0,
                     *             "disputa_penalti": false,
                     *             "penalti": {
                     *               "placar_mandante": null,
                     *               "placar_visitante": null
                     *             },
                     *             "status": "encerrado",
                     *             "slug": "botafogo-fluminense-21-11-2026",
                     *             "data_realizacao": "21/11/2026",
                     *             "hora_realizacao": "16:00",
                     *             "data_hora_realizacao": "2026-11-21T16:00:00-03:00",
                     *             "estadio": "Nilton Santos"
                     *           },
                     *           {
                     *             "id": 332,
                     *             "rodada_id": 34,
                     *             "rodada_numero": 34,
                     *             "rodada_nome": "34ª Rodada",
                     *             "time_mandante": {
                     *               "id": 9,
                     *               "nome": "Bahia",
                     *               "sigla": "BAH",
                     *               "escudo_url": null
                     *             },
                     *             "time_visitante": {
                     *               "id": 12,
                     *               "nome": "Vasco da Gama",
                     *               "sigla": "VAS",
                     *               "escudo_url": null
                     *             },
                     *             "placar_mandante": 0,
                     *             "placar_visitante": 0,
                     *             "disputa_penalti": false,
                     *             "penalti": {
                     *               "placar_mandante": null,
                     *               "placar_visitante": null
                     *             },
                     *             "status": "encerrado",
                     *             "slug": "bahia-vasco-da-gama-21-11-2026",
                     *             "data_realizacao": "21/11/2026",
                     *             "hora_realizacao": "16:00",
                     *             "data_hora_realizacao": "2026-11-21T16:00:00-03:00",
                     *             "estadio": "Arena Fonte Nova"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRodadaEncerrada"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fase.finalizada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A fase de um campeonato terminou.
         * @description Assinado com o secret do webhook: `X-SVC-Assinatura` = `sha256=` + HMAC-SHA256 de `X-SVC-Timestamp` + "." + corpo. Também enviado pelo stream (`GET /v1/stream`) como `data:`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "evento": "fase.finalizada",
                     *       "gerado_em": "2026-11-25T16:12:03-03:00",
                     *       "dados": {
                     *         "id": 3,
                     *         "campeonato": {
                     *           "id": 2,
                     *           "temporada": "2026",
                     *           "nome": "Copa do Brasil",
                     *           "nome_popular": "Copa do Brasil",
                     *           "slug": "copa-do-brasil"
                     *         },
                     *         "nome": "Semifinal",
                     *         "slug": "semifinal",
                     *         "status": "finalizada",
                     *         "tipo": "mata-mata",
                     *         "decisivo": false,
                     *         "eliminatorio": true,
                     *         "ida_e_volta": true,
                     *         "grupos": [],
                     *         "chaves": [],
                     *         "rodadas": [],
                     *         "proxima_fase": {
                     *           "id": 4,
                     *           "nome": "Final",
                     *           "slug": "final",
                     *           "tipo": "mata-mata"
                     *         },
                     *         "fase_anterior": {
                     *           "id": 2,
                     *           "nome": "Quartas de final",
                     *           "slug": "quartas-de-final",
                     *           "tipo": "mata-mata"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookFaseFinalizada"];
                };
            };
            responses: {
                /** @description Qualquer 2xx confirma a entrega; outro status ou timeout é tentado de novo. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Corpo de todo erro. */
        Erro: {
            erro: string;
            mensagem: string;
        };
        TimeResumo: {
            id: number;
            nome: string;
            sigla: string;
        };
        Time: {
            id: number;
            nome: string;
            sigla: string;
            escudo_url: string | null;
        };
        Campeonato: {
            id: number;
            nome: string;
            nome_popular: string;
            slug: string;
            temporada: string;
            /** @enum {string} */
            tipo: "pontos-corridos" | "mata-mata";
            status: ("andamento" | "encerrado" | "agendado") | null;
            regiao: string;
            logo_url: string | null;
            rodada_atual: {
                numero: number;
            } | null;
        };
        /** @description `fase` é preenchida em partidas de mata-mata e null nas de pontos corridos. */
        Partida: {
            id: number;
            rodada_id: number | null;
            rodada_numero: number | null;
            rodada_nome: string | null;
            fase: {
                id: number;
                nome: string;
                slug: string;
            } | null;
            time_mandante: components["schemas"]["Time"];
            time_visitante: components["schemas"]["Time"];
            placar_mandante: number | null;
            placar_visitante: number | null;
            disputa_penalti: boolean;
            penalti: {
                placar_mandante: number | null;
                placar_visitante: number | null;
            };
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            slug: string;
            data_realizacao: string | null;
            hora_realizacao: string | null;
            /** Format: date-time */
            data_hora_realizacao: string | null;
            estadio: string | null;
        };
        /** @description Partida dentro de uma rodada: sem a chave `fase`. */
        PartidaDaRodada: {
            id: number;
            rodada_id: number | null;
            rodada_numero: number | null;
            rodada_nome: string | null;
            time_mandante: components["schemas"]["Time"];
            time_visitante: components["schemas"]["Time"];
            placar_mandante: number | null;
            placar_visitante: number | null;
            disputa_penalti: boolean;
            penalti: {
                placar_mandante: number | null;
                placar_visitante: number | null;
            };
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            slug: string;
            data_realizacao: string | null;
            hora_realizacao: string | null;
            /** Format: date-time */
            data_hora_realizacao: string | null;
            estadio: string | null;
        };
        PartidaAoVivo: {
            id: number;
            rodada_id: number | null;
            rodada_numero: number | null;
            rodada_nome: string | null;
            fase: {
                id: number;
                nome: string;
                slug: string;
            } | null;
            time_mandante: components["schemas"]["Time"];
            time_visitante: components["schemas"]["Time"];
            placar_mandante: number | null;
            placar_visitante: number | null;
            disputa_penalti: boolean;
            penalti: {
                placar_mandante: number | null;
                placar_visitante: number | null;
            };
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            slug: string;
            data_realizacao: string | null;
            hora_realizacao: string | null;
            /** Format: date-time */
            data_hora_realizacao: string | null;
            estadio: string | null;
            campeonato: {
                id: number;
                nome: string;
                temporada: string;
            } | null;
        };
        Rodada: {
            id: number;
            campeonato_id: number;
            numero: number;
            nome: string;
            slug: string;
            status: string | null;
            /** Format: date */
            data: string | null;
            proxima_rodada: {
                nome: string;
                slug: string;
                numero: number;
                status: string | null;
            } | null;
            rodada_anterior: {
                nome: string;
                slug: string;
                numero: number;
                status: string | null;
            } | null;
            partidas: components["schemas"]["Partida"][];
        };
        /** @description Uma rodada pedida sozinha (endpoint 5): suas partidas vêm sem a chave `fase`. */
        RodadaAvulsa: {
            id: number;
            campeonato_id: number;
            numero: number;
            nome: string;
            slug: string;
            status: string | null;
            /** Format: date */
            data: string | null;
            proxima_rodada: {
                nome: string;
                slug: string;
                numero: number;
                status: string | null;
            } | null;
            rodada_anterior: {
                nome: string;
                slug: string;
                numero: number;
                status: string | null;
            } | null;
            partidas: components["schemas"]["PartidaDaRodada"][];
        };
        Chave: {
            id: number;
            nome: string;
            slug: string;
            partida_ida: components["schemas"]["Partida"] | null;
            partida_volta: components["schemas"]["Partida"] | null;
        };
        Fase: {
            id: number;
            campeonato: {
                id: number;
                temporada: string;
                nome: string;
                nome_popular: string;
                slug: string;
            } | null;
            nome: string;
            slug: string;
            status: string | null;
            tipo: string;
            decisivo: boolean;
            eliminatorio: boolean;
            ida_e_volta: boolean;
            grupos: unknown[];
            chaves: components["schemas"]["Chave"][];
            rodadas: components["schemas"]["Rodada"][];
            proxima_fase: {
                id: number;
                nome: string;
                slug: string;
                tipo: string;
            } | null;
            fase_anterior: {
                id: number;
                nome: string;
                slug: string;
                tipo: string;
            } | null;
        };
        ChaveCampeonato: {
            campeonato_id: number;
            campeonato_nome: string;
            temporada: string;
            fases: {
                id: number;
                nome: string;
                slug: string;
                tipo: string;
                chaves: components["schemas"]["Chave"][];
            }[];
        };
        LinhaClassificacao: {
            posicao: number;
            time: components["schemas"]["Time"];
            pontos: number;
            jogos: number;
            vitorias: number;
            empates: number;
            derrotas: number;
            gols_pro: number;
            gols_contra: number;
            saldo: number;
            /** @description Extensão: ajustes de pontos já somados em `pontos` (uma punição do STJD é negativa), com o motivo e a referência pública. */
            ajustes: {
                pontos: number;
                motivo: string;
                referencia: string;
            }[];
        };
        Tabela: {
            campeonato_id: number;
            campeonato_nome: string;
            temporada: string;
            classificacao: components["schemas"]["LinhaClassificacao"][];
        };
        TabelaFase: {
            campeonato_id: number;
            campeonato_nome: string;
            fase_id: number;
            fase_nome: string;
            temporada: string;
            classificacao: components["schemas"]["LinhaClassificacao"][];
        };
        Jogador: {
            id: number;
            nome_popular: string;
            nome: string;
            idade: number | null;
            posicao: {
                nome: string;
                sigla: string;
            } | null;
            numero_camisa: number | null;
            gols: number;
            time: components["schemas"]["Time"] | null;
            /** @description Extensão: os clubes da carreira do jogador, do primeiro ao atual (uma transferência não cria outro jogador). */
            clubes: components["schemas"]["Time"][];
        };
        EventoPartida: {
            /** @enum {string} */
            tipo: "gol" | "gol_contra" | "penalti" | "cartao_amarelo" | "cartao_vermelho" | "substituicao";
            jogador: string | null;
            time_nome: string | null;
            minuto: number;
        };
        RegistroEstatisticas: {
            posse_bola: number | null;
            precisao_passes: number | null;
            gols_esperados: number | null;
            nota_media: number | null;
            duelos_vencidos_percentual: number | null;
            gols_evitados: number | null;
            finalizacoes_total: number | null;
            finalizacoes_no_gol: number | null;
            finalizacoes_fora: number | null;
            finalizacoes_trave: number | null;
            finalizacoes_bloqueadas: number | null;
            penaltis: number | null;
            escanteios: number | null;
            faltas: number | null;
            impedimentos: number | null;
            cartoes_amarelos: number | null;
            cartoes_vermelhos: number | null;
            defesas: number | null;
            desarmes: number | null;
            passes_total: number | null;
            passes_errados: number | null;
            grandes_chances: number | null;
            tiros_livres: number | null;
            finalizacoes_dentro_area: number | null;
            finalizacoes_fora_area: number | null;
            grandes_chances_convertidas: number | null;
            grandes_chances_perdidas: number | null;
            passes_em_profundidade: number | null;
            toques_area_adversaria: number | null;
            faltas_sofridas_ultimo_terco: number | null;
            laterais_cobrados: number | null;
            entradas_ultimo_terco: number | null;
            passes_ultimo_terco_certos: number | null;
            passes_ultimo_terco_total: number | null;
            bolas_longas_certas: number | null;
            bolas_longas_total: number | null;
            cruzamentos_certos: number | null;
            cruzamentos_total: number | null;
            posses_perdidas: number | null;
            duelos_chao_vencidos: number | null;
            duelos_chao_total: number | null;
            duelos_aereos_vencidos: number | null;
            duelos_aereos_total: number | null;
            dribles_certos: number | null;
            dribles_total: number | null;
            desarmes_certos: number | null;
            interceptacoes: number | null;
            recuperacoes_bola: number | null;
            cortes: number | null;
            erros_para_finalizacao: number | null;
            erros_para_gol: number | null;
            defesas_dificeis: number | null;
            saidas_altas: number | null;
            socos_do_goleiro: number | null;
            tiros_de_meta: number | null;
        };
        EstatisticasPartida: {
            partida_id: number;
            time_mandante: components["schemas"]["TimeResumo"] | null;
            time_visitante: components["schemas"]["TimeResumo"] | null;
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            estatisticas: {
                mandante: components["schemas"]["RegistroEstatisticas"];
                visitante: components["schemas"]["RegistroEstatisticas"];
            };
        };
        JogadorEscalado: {
            nome: string;
            apelido: string;
            numero: number | null;
            posicao: string | null;
            posicao_sigla: string | null;
            foto_url: string | null;
            substituido_por: {
                nome: string;
                minuto?: number | null;
            } | null;
            jogador_id: number | null;
            estatisticas: {
                minutos_jogados: number | null;
                nota: number | null;
                gols: number | null;
                assistencias: number | null;
                gols_esperados: number | null;
                finalizacoes_total: number | null;
                passes_certos: number | null;
                passes_total: number | null;
                desarmes_total: number | null;
                duelos_vencidos: number | null;
                faltas_cometidas: number | null;
                cartoes_amarelos: number | null;
                expulsao: number | null;
                minuto_entrada: number | null;
                minuto_saida: number | null;
                gols_contra: number | null;
                goleiro: {
                    defesas: number | null;
                    gols_evitados: number | null;
                    penaltis_defendidos: number | null;
                    gols_sofridos: number | null;
                };
            } | null;
        };
        LadoEscalacao: {
            formacao: string | null;
            tecnico: string | null;
            confirmada: boolean;
            titulares: components["schemas"]["JogadorEscalado"][];
            reservas: components["schemas"]["JogadorEscalado"][];
        };
        Escalacao: {
            partida_id: number;
            time_mandante: components["schemas"]["TimeResumo"] | null;
            time_visitante: components["schemas"]["TimeResumo"] | null;
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            escalacoes: {
                mandante: components["schemas"]["LadoEscalacao"] | null;
                visitante: components["schemas"]["LadoEscalacao"] | null;
            };
        };
        Cobertura: {
            campeonato_id: number;
            slug: string;
            nome: string;
            temporada: string;
            tipo: string;
            regiao: string;
            logo_url: string | null;
            cobertura: {
                /** @enum {string} */
                classificacao: "coberto" | "parcial" | "nao_coberto";
                /** @enum {string} */
                rodadas: "coberto" | "parcial" | "nao_coberto";
                /** @enum {string} */
                partidas: "coberto" | "parcial" | "nao_coberto";
                /** @enum {string} */
                ao_vivo: "coberto" | "parcial" | "nao_coberto";
                /** @enum {string} */
                escalacoes: "coberto" | "parcial" | "nao_coberto";
                /** @enum {string} */
                estatisticas: "coberto" | "parcial" | "nao_coberto";
            };
            /** @description Extensão: quando um ingest carregou dados deste campeonato pela última vez (ISO 8601). */
            atualizado_em: string | null;
            /** @description Extensão: partidas com início há mais de 3 horas ainda aguardando ou ao vivo (sem resultado): os dados pararam de chegar. */
            partidas_atrasadas: number;
        };
        Perfil: {
            /** @enum {string} */
            plano: "free" | "pro" | "enterprise";
            limites: {
                requisicoes: number;
                /** @enum {string} */
                periodo: "dia";
            };
            consumo: {
                requisicoes_utilizadas: number;
                requisicoes_restantes: number;
            };
        };
        UsoEstatisticas: {
            tempo_medio_resposta_ms: number;
            total_requisicoes: number;
            ultimas_requisicoes: {
                endpoint: string;
                metodo: string;
                status_code: number;
                tempo_resposta_ms: number;
                /** Format: date-time */
                data_hora: string;
            }[];
            /** @description Requisições contadas na cota em cada um dos últimos 30 dias UTC (hoje incluído), do mais antigo ao mais recente; 0 nos dias sem uso */
            requisicoes_por_dia: {
                /** Format: date */
                dia: string;
                requisicoes: number;
            }[];
            /** @description Requisições feitas com a chave nos mesmos 30 dias, por rota, da mais usada à menos usada */
            requisicoes_por_endpoint: {
                metodo: string;
                /** @description Rota como na documentação, ex. /v1/campeonatos/{id}/tabela */
                endpoint: string;
                requisicoes: number;
            }[];
        };
        Webhook: {
            id: number;
            nome: string;
            url: string;
            eventos: ("partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada")[];
            ativo: boolean;
            /** Format: date-time */
            criado_em: string;
            /** Format: date-time */
            atualizado_em: string;
            falhas_consecutivas: number;
            /** Format: date-time */
            ultimo_sucesso_em: string | null;
            /** Format: date-time */
            desativado_em: string | null;
            motivo_desativacao: string | null;
        };
        WebhookCriado: {
            id: number;
            nome: string;
            url: string;
            eventos: ("partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada")[];
            ativo: boolean;
            secret: string;
        };
        Entrega: {
            /** @description Também enviado em X-SVC-Entrega */
            id: string;
            webhook_id: number;
            evento: string;
            evento_id: number | null;
            /** @enum {string} */
            status: "pendente" | "entregue" | "falhou" | "descartada";
            tentativas: number;
            /** @enum {string} */
            origem: "automatica" | "teste" | "replay" | "disparo";
            /** Format: date-time */
            criada_em: string;
            /** Format: date-time */
            entregue_em: string | null;
            /** Format: date-time */
            proxima_tentativa_em: string | null;
            ultimo_status_code: number | null;
            ultimo_erro: string | null;
            duracao_ms: number | null;
        };
        EntregaDetalhe: {
            /** @description Também enviado em X-SVC-Entrega */
            id: string;
            webhook_id: number;
            evento: string;
            evento_id: number | null;
            /** @enum {string} */
            status: "pendente" | "entregue" | "falhou" | "descartada";
            tentativas: number;
            /** @enum {string} */
            origem: "automatica" | "teste" | "replay" | "disparo";
            /** Format: date-time */
            criada_em: string;
            /** Format: date-time */
            entregue_em: string | null;
            /** Format: date-time */
            proxima_tentativa_em: string | null;
            ultimo_status_code: number | null;
            ultimo_erro: string | null;
            duracao_ms: number | null;
            /** @description O corpo JSON exatamente como é assinado e enviado (texto) */
            corpo: string;
            historico: {
                /** @description X-SVC-Tentativa: nunca se repete numa entrega */
                numero: number;
                /** @enum {string} */
                origem: "automatica" | "teste" | "replay" | "disparo" | "reenvio";
                /** Format: date-time */
                iniciada_em: string;
                status_code: number | null;
                erro: string | null;
                duracao_ms: number;
                /** @description O início da resposta do receptor (até 1 KiB) */
                resposta: string | null;
                /** @description Os cabeçalhos da requisição enviada (nomes em minúsculas): X-SVC-Timestamp, X-SVC-Assinatura… null quando nada foi enviado (URL bloqueada) */
                cabecalhos: {
                    [key: string]: string;
                } | null;
            }[];
        };
        Status: {
            /** @enum {string} */
            status: "ok" | "sem_snapshot";
            versao: string;
            snapshot: {
                id: string;
                criado_em: string | null;
                idade_segundos: number | null;
                /** Format: date-time */
                carregado_em: string;
            } | null;
            cache: {
                bytes: number;
                limite_bytes: number;
                entradas: number;
                acertos: number;
                faltas: number;
            };
            snapshots_retidos: {
                id: string;
                criado_em: string;
            }[];
            /** Format: date-time */
            iniciado_em: string;
            uptime_segundos: number;
        };
        /** @description Resumo da partida nos eventos partida.*: placar, times, estádio e gols até o momento. */
        WebhookPartida: {
            id: number;
            campeonato_id: number;
            rodada_numero: number | null;
            fase: {
                id: number;
                nome: string;
                slug: string;
            } | null;
            /** @enum {string} */
            status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
            placar_mandante: number | null;
            placar_visitante: number | null;
            /** @description Como na Partida: se houve disputa de pênaltis. */
            disputa_penalti: boolean;
            /** @description Como na Partida: o placar da disputa de pênaltis (null sem disputa); decide quem avança num empate. */
            penalti: {
                placar_mandante: number | null;
                placar_visitante: number | null;
            };
            /**
             * Format: date-time
             * @description Como na Partida: o início, ISO 8601 com fuso.
             */
            data_hora_realizacao: string | null;
            time_mandante: components["schemas"]["TimeResumo"];
            time_visitante: components["schemas"]["TimeResumo"];
            estadio: string | null;
            gols: components["schemas"]["EventoPartida"][];
        };
        /** @description Uma partida nova entrou no calendário. */
        WebhookPartidaCriada: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.criada";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["WebhookPartida"];
        };
        /** @description A partida começou. */
        WebhookPartidaAoVivo: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.ao_vivo";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["WebhookPartida"];
        };
        /** @description O placar mudou (gol, gol anulado, correção). */
        WebhookPartidaPlacarAtualizado: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.placar_atualizado";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["WebhookPartida"];
        };
        /** @description Um gol foi marcado. */
        WebhookPartidaGol: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.gol";
            /** Format: date-time */
            gerado_em: string;
            /** @description O resumo da partida e, em `gol`, o gol que gerou o evento. */
            dados: {
                id: number;
                campeonato_id: number;
                rodada_numero: number | null;
                fase: {
                    id: number;
                    nome: string;
                    slug: string;
                } | null;
                /** @enum {string} */
                status: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
                placar_mandante: number | null;
                placar_visitante: number | null;
                /** @description Como na Partida: se houve disputa de pênaltis. */
                disputa_penalti: boolean;
                /** @description Como na Partida: o placar da disputa de pênaltis (null sem disputa); decide quem avança num empate. */
                penalti: {
                    placar_mandante: number | null;
                    placar_visitante: number | null;
                };
                /**
                 * Format: date-time
                 * @description Como na Partida: o início, ISO 8601 com fuso.
                 */
                data_hora_realizacao: string | null;
                time_mandante: components["schemas"]["TimeResumo"];
                time_visitante: components["schemas"]["TimeResumo"];
                estadio: string | null;
                gols: components["schemas"]["EventoPartida"][];
                gol: components["schemas"]["EventoPartida"];
            };
        };
        /** @description A partida terminou. */
        WebhookPartidaEncerrada: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.encerrada";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["WebhookPartida"];
        };
        /** @description As escalações foram publicadas. */
        WebhookPartidaEscalacaoPublicada: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "partida.escalacao_publicada";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["WebhookPartida"];
        };
        /** @description Todas as partidas da rodada terminaram. */
        WebhookRodadaEncerrada: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "rodada.encerrada";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["RodadaAvulsa"];
        };
        /** @description A fase de um campeonato terminou. */
        WebhookFaseFinalizada: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            evento: "fase.finalizada";
            /** Format: date-time */
            gerado_em: string;
            dados: components["schemas"]["Fase"];
        };
        /** @description O corpo de qualquer um dos oito eventos (webhook ou `data:` do stream). */
        WebhookEvento: components["schemas"]["WebhookPartidaCriada"] | components["schemas"]["WebhookPartidaAoVivo"] | components["schemas"]["WebhookPartidaPlacarAtualizado"] | components["schemas"]["WebhookPartidaGol"] | components["schemas"]["WebhookPartidaEncerrada"] | components["schemas"]["WebhookPartidaEscalacaoPublicada"] | components["schemas"]["WebhookRodadaEncerrada"] | components["schemas"]["WebhookFaseFinalizada"];
        /** @description Enviado em `event: recarregar` quando a retomada não alcança mais os eventos perdidos: recarregue pela API REST. */
        StreamRecarregar: {
            mensagem: string;
            ultimo_evento: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type Erro = components['schemas']['Erro'];
export type TimeResumo = components['schemas']['TimeResumo'];
export type Time = components['schemas']['Time'];
export type Campeonato = components['schemas']['Campeonato'];
export type Partida = components['schemas']['Partida'];
export type PartidaDaRodada = components['schemas']['PartidaDaRodada'];
export type PartidaAoVivo = components['schemas']['PartidaAoVivo'];
export type Rodada = components['schemas']['Rodada'];
export type RodadaAvulsa = components['schemas']['RodadaAvulsa'];
export type Chave = components['schemas']['Chave'];
export type Fase = components['schemas']['Fase'];
export type ChaveCampeonato = components['schemas']['ChaveCampeonato'];
export type LinhaClassificacao = components['schemas']['LinhaClassificacao'];
export type Tabela = components['schemas']['Tabela'];
export type TabelaFase = components['schemas']['TabelaFase'];
export type Jogador = components['schemas']['Jogador'];
export type EventoPartida = components['schemas']['EventoPartida'];
export type RegistroEstatisticas = components['schemas']['RegistroEstatisticas'];
export type EstatisticasPartida = components['schemas']['EstatisticasPartida'];
export type JogadorEscalado = components['schemas']['JogadorEscalado'];
export type LadoEscalacao = components['schemas']['LadoEscalacao'];
export type Escalacao = components['schemas']['Escalacao'];
export type Cobertura = components['schemas']['Cobertura'];
export type Perfil = components['schemas']['Perfil'];
export type UsoEstatisticas = components['schemas']['UsoEstatisticas'];
export type Webhook = components['schemas']['Webhook'];
export type WebhookCriado = components['schemas']['WebhookCriado'];
export type Entrega = components['schemas']['Entrega'];
export type EntregaDetalhe = components['schemas']['EntregaDetalhe'];
export type Status = components['schemas']['Status'];
export type WebhookPartida = components['schemas']['WebhookPartida'];
export type WebhookPartidaCriada = components['schemas']['WebhookPartidaCriada'];
export type WebhookPartidaAoVivo = components['schemas']['WebhookPartidaAoVivo'];
export type WebhookPartidaPlacarAtualizado = components['schemas']['WebhookPartidaPlacarAtualizado'];
export type WebhookPartidaGol = components['schemas']['WebhookPartidaGol'];
export type WebhookPartidaEncerrada = components['schemas']['WebhookPartidaEncerrada'];
export type WebhookPartidaEscalacaoPublicada = components['schemas']['WebhookPartidaEscalacaoPublicada'];
export type WebhookRodadaEncerrada = components['schemas']['WebhookRodadaEncerrada'];
export type WebhookFaseFinalizada = components['schemas']['WebhookFaseFinalizada'];
export type WebhookEvento = components['schemas']['WebhookEvento'];
export type StreamRecarregar = components['schemas']['StreamRecarregar'];
export type $defs = Record<string, never>;
export interface operations {
    getCampeonatos: {
        parameters: {
            query?: {
                /** @description Ano da temporada */
                temporada?: string;
                /** @description Status do campeonato */
                status?: "andamento" | "encerrado" | "agendado";
                /** @description Tipo do campeonato */
                tipo?: "pontos-corridos" | "mata-mata";
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campeonato"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosId: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campeonato"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdPartidas: {
        parameters: {
            query?: {
                /** @description Número da rodada */
                rodada?: number;
                /** @description Status da partida */
                status?: "aguardando" | "ao_vivo" | "encerrado" | "adiado";
                /** @description id de um time (mandante ou visitante) */
                time?: number;
                /** @description Data mínima (data local da partida) */
                data_inicio?: string;
                /** @description Data máxima (data local da partida) */
                data_fim?: string;
                /** @description Página (padrão 1) */
                pagina?: number;
                /** @description Itens por página (padrão 15) */
                por_pagina?: number;
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Partida"][];
                        meta: {
                            total: number;
                            por_pagina: number;
                            pagina_atual: number;
                            ultima_pagina: number;
                            campeonato_id: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdRodadas: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rodada"][];
                        meta: {
                            campeonato_id: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdRodadasNumero: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
                /** @description id (número) da rodada */
                numero: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RodadaAvulsa"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdChave: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ChaveCampeonato"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdFases: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Fase"][];
                        meta: {
                            campeonato_id: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdFasesFaseId: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
                /** @description id da fase */
                faseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Fase"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdFasesFaseIdTabela: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
                /** @description id da fase */
                faseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TabelaFase"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdTabela: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tabela"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdArtilharia: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Jogador"][];
                        meta: {
                            campeonato_id: number;
                            campeonato_nome: string;
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCampeonatosCampeonatoIdCobertura: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do campeonato */
                campeonatoId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Cobertura"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getCobertura: {
        parameters: {
            query?: {
                /** @description Ano da temporada */
                temporada?: string;
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Cobertura"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getPartidasAoVivo: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PartidaAoVivo"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getPartidasIdEventos: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id da partida */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventoPartida"][];
                        meta: {
                            partida_id: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getPartidasIdEstatisticas: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id da partida */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EstatisticasPartida"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getPartidasIdEscalacao: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id da partida */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Escalacao"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getTimes: {
        parameters: {
            query: {
                /** @description Termo de busca (mínimo 2 caracteres; ignora maiúsculas e acentos) */
                q: string;
                /** @description Tipo de time */
                tipo?: "clube" | "selecao";
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Time"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getTimesTimeIdJogadores: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do time */
                timeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Jogador"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getJogadores: {
        parameters: {
            query: {
                /** @description Termo de busca (mínimo 2 caracteres; ignora maiúsculas e acentos) */
                q: string;
                /** @description id do time */
                time?: number;
                /** @description Posição */
                posicao?: "goleiro" | "zagueiro" | "lateral" | "volante" | "meia" | "atacante";
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Jogador"][];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getJogadoresId: {
        parameters: {
            query?: {
                /** @description Lê como no snapshot retido com este id (padrão: o atual); `svc snapshots` lista os retidos. Não retido: 404. */
                snapshot?: string;
            };
            header?: never;
            path: {
                /** @description id do jogador */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Id do snapshot que serviu a resposta */
                    "X-Snapshot"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Jogador"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Perfil"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getPerfilEstatisticas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description ETag forte do corpo */
                    ETag?: string;
                    /** @description Tempo de cache (max-age) */
                    "Cache-Control"?: string;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UsoEstatisticas"];
                    };
                };
            };
            /** @description Não modificado (If-None-Match igual ao ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                        meta: {
                            entregas_mes_usadas: number;
                            entregas_mes_limite: number | null;
                            entregas_referencia: string;
                        };
                    };
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    /** Format: uri */
                    url: string;
                    eventos?: ("partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada")[];
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookCriado"];
                        mensagem: string;
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Corpo muito grande: O corpo da requisição passa de 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Tipo de conteúdo não suportado: Um corpo enviado sem `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite do plano: Criar ou reativar um webhook além da cota de webhooks ativos do plano; `mensagem` diz o máximo e sugere o upgrade ou desativar um. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    deleteWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            204: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    patchWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome?: string;
                    /** Format: uri */
                    url?: string;
                    eventos?: ("partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada")[];
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Corpo muito grande: O corpo da requisição passa de 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Tipo de conteúdo não suportado: Um corpo enviado sem `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite do plano: Criar ou reativar um webhook além da cota de webhooks ativos do plano; `mensagem` diz o máximo e sugere o upgrade ou desativar um. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postWebhooksIdRotacionarSegredo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    sobreposicao_segundos?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            secret: string;
                            /** Format: date-time */
                            secret_anterior_valido_ate: string | null;
                        };
                        mensagem: string;
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Corpo muito grande: O corpo da requisição passa de 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Tipo de conteúdo não suportado: Um corpo enviado sem `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postWebhooksIdTestar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    evento?: "partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada";
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Entrega"];
                        mensagem: string;
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Corpo muito grande: O corpo da requisição passa de 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Tipo de conteúdo não suportado: Um corpo enviado sem `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getWebhooksIdEntregas: {
        parameters: {
            query?: {
                /** @description Só entregas com este status */
                status?: "pendente" | "entregue" | "falhou" | "descartada";
                /** @description Só entregas deste evento */
                evento?: "partida.criada" | "partida.ao_vivo" | "partida.placar_atualizado" | "partida.gol" | "partida.encerrada" | "partida.escalacao_publicada" | "rodada.encerrada" | "fase.finalizada" | "webhook.teste";
                /** @description id da entrega (X-SVC-Entrega) ou o começo dele */
                entrega?: string;
                /** @description Página (padrão 1) */
                pagina?: number;
                /** @description Entregas por página (padrão 50) */
                por_pagina?: number;
            };
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Entrega"][];
                        meta: {
                            webhook_id: number;
                            total: number;
                            por_pagina: number;
                            pagina_atual: number;
                            ultima_pagina: number;
                        };
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getWebhooksIdEntregasEntregaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
                /** @description id da entrega (o valor de X-SVC-Entrega) */
                entregaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EntregaDetalhe"];
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postWebhooksIdEntregasReenviar: {
        parameters: {
            query: {
                /** @description Data e hora ISO 8601 com fuso: entregas criadas a partir dela */
                desde: string;
            };
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            202: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            webhook_id: number;
                            desde: string;
                            reenfileiradas: number;
                        };
                        mensagem: string;
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Conflito: Reenvio de uma entrega ainda pendente, ou de entregas de um webhook desativado. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postWebhooksIdEntregasEntregaIdReenviar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id do webhook */
                id: number;
                /** @description id da entrega (o valor de X-SVC-Entrega) */
                entregaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            202: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Entrega"];
                        mensagem: string;
                    };
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não encontrado: O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Conflito: Reenvio de uma entrega ainda pendente, ou de entregas de um webhook desativado. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getStream: {
        parameters: {
            query?: {
                /** @description Eventos desejados, separados por vírgula (padrão: todos): partida.criada, partida.ao_vivo, partida.placar_atualizado, partida.gol, partida.encerrada, partida.escalacao_publicada, rodada.encerrada, fase.finalizada */
                eventos?: string;
                /** @description Só eventos deste campeonato */
                campeonato?: number;
                /** @description Só os eventos partida.* desta partida */
                partida?: number;
                /** @description Ticket de `POST /v1/stream/ticket`, no lugar do cabeçalho Authorization (EventSource de navegador) */
                ticket?: string;
                /** @description Último `id` recebido, para retomar num EventSource novo (que não envia cabeçalhos); `Last-Event-ID`, quando presente, prevalece */
                ultimo_evento?: number;
            };
            header?: {
                /** @description Último `id` recebido: retoma a partir do evento seguinte */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Parâmetro obrigatório: Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote. | Parâmetro inválido: Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito. | JSON inválido: O corpo enviado não é um JSON válido. | Requisição inválida: A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    postStreamTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ticket: string;
                            /** Format: date-time */
                            expira_em: string;
                            /** Format: uri */
                            url: string;
                        };
                    };
                };
            };
            /** @description Não autorizado: Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Plano insuficiente: O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições: Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas no período (dia UTC) */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições restantes no período */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a renovação da cota (meia-noite UTC) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Status"];
                    };
                };
            };
            /** @description Método não permitido: A rota existe, mas não com este método; o cabeçalho `Allow` lista os aceitos. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Método não permitido: A rota existe, mas não com este método; o cabeçalho `Allow` lista os aceitos. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        snapshot: string;
                    };
                };
            };
            /** @description Método não permitido: A rota existe, mas não com este método; o cabeçalho `Allow` lista os aceitos. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Erro interno: Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Serviço indisponível: Nenhum snapshot de dados carregado ainda, ou o plano de controle não respondeu; tente de novo após `Retry-After`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
        };
    };
}
