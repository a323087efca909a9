import { useState, type FormEvent } from 'react';
import { api } from './api.js';
import { errorText } from './session.js';
import type { Perfil } from './types.js';

/** The key is checked against `/v1/me` before the session keeps it. */
export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn(key: string): void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<{ data: Perfil }>('GET', '/v1/me', undefined, key.trim());
      onSignedIn(key.trim());
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <main className="entrar">
      <h1>Painel do cliente</h1>
      <p>Entre com a sua chave de API para ver o seu plano, o consumo e os seus webhooks.</p>
      {notice && (
        <p className="aviso" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label htmlFor="chave">Chave de API</label>
        <input
          id="chave"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
      {error && (
        <p className="erro" role="alert">
          {error}
        </p>
      )}
      <p className="nota">A chave fica guardada só nesta aba e é apagada ao sair ou ao fechar a aba.</p>
    </main>
  );
}
