import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { session } from './api.js';
import { Deliveries } from './Deliveries.js';
import { Overview } from './Overview.js';
import { SessionContext } from './session.js';
import { SignIn } from './SignIn.js';
import { Webhooks } from './Webhooks.js';

/** Screens by URL fragment, so the browser's back button and bookmarks work without a server route each. */
type Route = { page: 'visao' } | { page: 'webhooks' } | { page: 'entregas'; webhookId: number };

function routeOf(hash: string): Route {
  const entregas = /^#\/webhooks\/(\d+)\/entregas$/.exec(hash);
  if (entregas) return { page: 'entregas', webhookId: Number(entregas[1]) };
  if (hash === '#/webhooks') return { page: 'webhooks' };
  return { page: 'visao' };
}

export function App() {
  const [key, setKey] = useState(session.key());
  const [notice, setNotice] = useState<string | null>(null);
  const [route, setRoute] = useState(() => routeOf(location.hash));
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    const onHash = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  // A new screen: move the keyboard focus to it, as a page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger, not an input of the effect
  useEffect(() => main.current?.focus(), [route]);

  const signOut = useCallback((reason?: string) => {
    session.signOut();
    setKey(null);
    setNotice(reason ?? null);
  }, []);
  const ctx = useMemo(() => ({ signOut }), [signOut]);

  if (key === null) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(k) => {
          session.signIn(k);
          setNotice(null);
          setKey(k);
        }}
      />
    );
  }

  const current = route.page === 'visao' ? 'visao' : 'webhooks';
  return (
    <SessionContext.Provider value={ctx}>
      <header className="topo">
        <span className="marca">
          svc<span className="marca-extra"> · Painel</span>
        </span>
        <nav aria-label="Principal">
          <a href="#/" aria-current={current === 'visao' ? 'page' : undefined}>
            Visão geral
          </a>
          <a href="#/webhooks" aria-current={current === 'webhooks' ? 'page' : undefined}>
            Webhooks
          </a>
        </nav>
        <button type="button" className="secundario" onClick={() => signOut()}>
          Sair
        </button>
      </header>
      <main ref={main} tabIndex={-1}>
        {route.page === 'visao' && <Overview />}
        {route.page === 'webhooks' && <Webhooks />}
        {route.page === 'entregas' && <Deliveries webhookId={route.webhookId} />}
      </main>
    </SessionContext.Provider>
  );
}
