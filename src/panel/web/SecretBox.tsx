import { useEffect, useRef, useState } from 'react';

/**
 * A secret the API shows only once (creation, rotation): kept in this component's state only, gone for
 * good when the customer closes the box.
 */
export function SecretBox({
  titulo,
  secret,
  mensagem,
  onClose,
}: {
  titulo: string;
  secret: string;
  mensagem: string;
  onClose(): void;
}) {
  const box = useRef<HTMLElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => box.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copiado para a área de transferência.');
    } catch {
      field.current?.select();
      setCopied('Não foi possível copiar daqui: o texto está selecionado, copie com Ctrl+C.');
    }
  }

  return (
    <section className="segredo" ref={box} tabIndex={-1} aria-labelledby="segredo-titulo">
      <h2 id="segredo-titulo">{titulo}</h2>
      <p>{mensagem}</p>
      <label htmlFor="segredo-valor">Secret</label>
      <div className="linha">
        <input id="segredo-valor" ref={field} readOnly value={secret} onFocus={(e) => e.target.select()} />
        <button type="button" onClick={copy}>
          Copiar
        </button>
      </div>
      <p role="status">{copied}</p>
      <button type="button" className="secundario" onClick={onClose}>
        Já guardei o secret
      </button>
    </section>
  );
}
