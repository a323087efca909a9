import { useId, useState, type FormEvent } from 'react';
import { EVENTOS } from '../../domain/events.js';
import { ApiFailure } from './api.js';
import { useEventCatalogue } from './catalogue.js';
import { Result } from './Result.js';
import { errorText } from './session.js';

export interface WebhookInput {
  nome: string;
  url: string;
  eventos: string[];
}

type Field = 'nome' | 'url' | 'eventos';

/** The field an API refusal names (`O campo url deve …`), so the message can be shown at that field. */
function fieldOf(err: unknown): Field | null {
  if (!(err instanceof ApiFailure) || err.status !== 400) return null;
  return (/^O campo (nome|url|eventos)\b/.exec(err.message)?.[1] as Field | undefined) ?? null;
}

/** Name, URL and events of a webhook: for creating one, or editing one (`initial`). */
export function WebhookForm(props: {
  initial?: WebhookInput;
  submitLabel: string;
  /** Rejects with the API's refusal; the form keeps what was typed and shows the refusal at its field. */
  onSubmit(input: WebhookInput): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const catalogue = useEventCatalogue();
  const [nome, setNome] = useState(props.initial?.nome ?? '');
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [eventos, setEventos] = useState<string[]>(props.initial?.eventos ?? [...EVENTOS]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ field: Field | null; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await props.onSubmit({ nome: nome.trim(), url: url.trim(), eventos });
      if (!props.initial) setNome(''), setUrl(''), setEventos([...EVENTOS]);
    } catch (err) {
      const field = fieldOf(err);
      setRefusal({ field, text: field ? (err as ApiFailure).message : errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  /** The props that tie a field to its error message (read out with the field, shown under it). */
  const described = (field: Field) =>
    refusal?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-erro` } : {};
  const errorAt = (field: Field) =>
    refusal?.field === field && (
      <p id={`${id}-${field}-erro`} className="erro campo-erro">
        {refusal.text}
      </p>
    );

  const toggle = (evento: string, on: boolean) =>
    setEventos((list) => EVENTOS.filter((e) => (e === evento ? on : list.includes(e))));
  return (
    <form className="formulario" onSubmit={submit}>
      <label htmlFor={`${id}-nome`}>Nome</label>
      <input
        id={`${id}-nome`}
        required
        maxLength={100}
        value={nome}
        onChange={(e) => setNome(e.target.value)}
        {...described('nome')}
      />
      {errorAt('nome')}
      <label htmlFor={`${id}-url`}>URL (HTTPS, host público)</label>
      <input
        id={`${id}-url`}
        type="url"
        required
        maxLength={2048}
        placeholder="https://exemplo.com.br/webhooks/svc"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        {...described('url')}
      />
      {errorAt('url')}
      <fieldset {...described('eventos')}>
        <legend>Eventos</legend>
        {EVENTOS.map((evento) => (
          <div key={evento} className="evento">
            <label className="opcao">
              <input
                type="checkbox"
                checked={eventos.includes(evento)}
                onChange={(e) => toggle(evento, e.target.checked)}
              />
              <code>{evento}</code>
            </label>
            {catalogue?.[evento] && (
              <>
                <span className="nota">{catalogue[evento].descricao}</span>
                <details>
                  <summary>Exemplo de payload</summary>
                  <pre className="corpo">{JSON.stringify(catalogue[evento].exemplo, null, 2)}</pre>
                </details>
              </>
            )}
          </div>
        ))}
        {eventos.length === 0 && <p className="aviso">Escolha ao menos um evento.</p>}
      </fieldset>
      {errorAt('eventos')}
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
      {refusal?.field === null && <Result value={{ ok: false, text: refusal.text }} />}
    </form>
  );
}
