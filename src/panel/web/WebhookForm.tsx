import { useId, useState, type FormEvent } from 'react';
import { EVENTOS } from '../../domain/events.js';

export interface WebhookInput {
  nome: string;
  url: string;
  eventos: string[];
}

/** Name, URL and events of a webhook: for creating one, or editing one (`initial`). */
export function WebhookForm(props: {
  initial?: WebhookInput;
  submitLabel: string /** Resolves to whether the API accepted it (a rejected form keeps what was typed). */;
  onSubmit(input: WebhookInput): Promise<boolean>;
  onCancel?(): void;
}) {
  const id = useId();
  const [nome, setNome] = useState(props.initial?.nome ?? '');
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [eventos, setEventos] = useState<string[]>(props.initial?.eventos ?? [...EVENTOS]);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const ok = await props.onSubmit({ nome: nome.trim(), url: url.trim(), eventos });
      if (ok && !props.initial) setNome(''), setUrl(''), setEventos([...EVENTOS]);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (evento: string, on: boolean) =>
    setEventos((list) => EVENTOS.filter((e) => (e === evento ? on : list.includes(e))));
  return (
    <form className="formulario" onSubmit={submit}>
      <label htmlFor={`${id}-nome`}>Nome</label>
      <input id={`${id}-nome`} required maxLength={100} value={nome} onChange={(e) => setNome(e.target.value)} />
      <label htmlFor={`${id}-url`}>URL (HTTPS, host público)</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        maxLength={2048}
        placeholder="https://exemplo.com.br/webhooks/svc"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset>
        <legend>Eventos</legend>
        {EVENTOS.map((evento) => (
          <label key={evento} className="opcao">
            <input
              type="checkbox"
              checked={eventos.includes(evento)}
              onChange={(e) => toggle(evento, e.target.checked)}
            />
            <code>{evento}</code>
          </label>
        ))}
      </fieldset>
      <div className="acoes">
        <button type="submit" disabled={busy || eventos.length === 0}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="secundario" onClick={props.onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
