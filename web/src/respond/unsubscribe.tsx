/**
 * The page a reminder e-mail's unsubscribe link opens (issue 27): /respond#unsubscribe={token}. It says
 * which address the link stops reminders to and asks first; only the button's POST stops them, so a mail
 * scanner opening the link changes nothing (the mailbox's own one-click button POSTs to the API itself).
 * The token stays in the fragment, out of the site's logs, until the page sends it.
 */
import { useEffect, useState } from 'react';
import type { RespondLanguage } from '../../../shared/contracts/respond';
import type { UnsubscribeView } from '../../../shared/contracts/reminders';
import { formatMoment } from './i18n';
import { useLanguage } from './language';

const TEXT = {
  en: {
    heading: 'Reminder e-mails',
    loading: 'Loading...',
    ask: (address: string) => `Stop the program's reminder e-mails to ${address}?`,
    keeps: 'Letters about your storage unit\u2019s insurance still come by mail, and the confirmation of an answer you give online still comes by e-mail when you ask for it.',
    stop: 'Stop reminder e-mails',
    stopped: (address: string, when: string) => `Reminder e-mails to ${address} are stopped (since ${when}).`,
    invalid: 'This unsubscribe link is not valid. Open the link from the e-mail again, or reply to the e-mail and ask us to stop reminders.',
    failed: 'Something went wrong. Please try again in a moment.',
    retry: 'Try again',
  },
  es: {
    heading: 'Recordatorios por correo',
    loading: 'Cargando...',
    ask: (address: string) => `¿Dejar de recibir los recordatorios del programa en ${address}?`,
    keeps: 'Las cartas sobre el seguro de su unidad de almacenamiento siguen llegando por correo postal, y la confirmación de una respuesta que dé en línea sigue llegando por correo electrónico cuando la pida.',
    stop: 'Dejar de recibir recordatorios',
    stopped: (address: string, when: string) => `Los recordatorios a ${address} están detenidos (desde el ${when}).`,
    invalid: 'Este enlace para cancelar la suscripción no es válido. Abra de nuevo el enlace del correo, o responda al correo y pídanos que dejemos de enviar recordatorios.',
    failed: 'Algo salió mal. Inténtelo de nuevo en un momento.',
    retry: 'Intentar de nuevo',
  },
} as const satisfies Record<RespondLanguage, unknown>;

/** The token of /respond#unsubscribe={token}, or null on any other address. */
export function unsubscribeTokenInAddress(): string | null {
  const match = /^#unsubscribe=([A-Za-z0-9_.-]+)$/.exec(window.location.hash);
  return match ? match[1]! : null;
}

type State = { kind: 'loading' } | { kind: 'ready'; view: UnsubscribeView } | { kind: 'invalid' } | { kind: 'failed' };

async function unsubscribeCall(method: 'GET' | 'POST', token: string): Promise<State> {
  try {
    const response = await fetch(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method, headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    if (response.ok) return { kind: 'ready', view: (await response.json()) as UnsubscribeView };
    return response.status === 400 || response.status === 422 ? { kind: 'invalid' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export function UnsubscribePage({ token }: { token: string }) {
  const { language } = useLanguage();
  const t = TEXT[language];
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (state.kind === 'loading') void unsubscribeCall('GET', token).then(setState);
  }, [state.kind, token]);

  const stop = async () => {
    setSending(true);
    setState(await unsubscribeCall('POST', token));
    setSending(false);
  };

  return (
    <>
      <h1>{t.heading}</h1>
      {state.kind === 'loading' && <p role="status" className="loading">{t.loading}</p>}
      {state.kind === 'invalid' && <div className="alert alert-error" role="alert">{t.invalid}</div>}
      {state.kind === 'failed' && (
        <>
          <div className="alert alert-error" role="alert">{t.failed}</div>
          <button type="button" className="button-primary" onClick={() => setState({ kind: 'loading' })}>{t.retry}</button>
        </>
      )}
      {state.kind === 'ready' && state.view.unsubscribed && (
        <div className="alert alert-success" role="status">
          <p>{t.stopped(state.view.address, state.view.unsubscribed_at ? formatMoment(language, state.view.unsubscribed_at) : '')}</p>
          <p>{t.keeps}</p>
        </div>
      )}
      {state.kind === 'ready' && !state.view.unsubscribed && (
        <>
          <p>{t.ask(state.view.address)}</p>
          <p>{t.keeps}</p>
          <button type="button" className="button-primary" disabled={sending} onClick={() => void stop()}>{t.stop}</button>
        </>
      )}
    </>
  );
}
