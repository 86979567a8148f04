/**
 * The tenant portal: sign-in, the letter page, the confirmation after an answer. No router: the
 * screens follow from the session and the last answer; the one address is /respond (the server
 * serves this page for /respond/* too).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConfirmationEmailOutcome, RespondLanguage, RespondView } from '../../../shared/contracts/respond';
import { formatPhone } from '../../../shared/format';
import { RespondError, respondCall, session } from './api';
import { answerText } from './answer-text';
import { initialLanguage, rememberLanguage } from './i18n';
import { LanguageProvider, useLanguage } from './language';
import { LetterPage } from './letter-page';
import { SignInPage } from './sign-in';
import type { SignInNotice } from './sign-in';
import { UnsubscribePage, unsubscribeTokenInAddress } from './unsubscribe';

type Screen =
  | { name: 'sign-in'; notice: SignInNotice }
  | { name: 'letter' }
  | { name: 'thanks'; email: string; confirmation: ConfirmationEmailOutcome };

/** 'gone': the letter's records left the program (its cycle archived, the tenant removed): 410. */
type Loaded = { state: 'loading' } | { state: 'failed'; kind: 'network' | 'server' | 'gone' } | { state: 'ready'; view: RespondView };

export function RespondApp() {
  const [language, setLanguage] = useState<RespondLanguage>(initialLanguage);
  const switchLanguage = () => {
    const next = language === 'en' ? 'es' : 'en';
    rememberLanguage(next);
    // The address says it too, so a reload (or ?lang= from the letter) keeps the choice.
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(null, '', url);
    setLanguage(next);
  };
  // A reminder's unsubscribe link (issue 27) opens its own small page, signed in or not.
  const [unsubscribeToken] = useState(unsubscribeTokenInAddress);
  return (
    <LanguageProvider language={language}>
      {unsubscribeToken ? <Unsubscribe token={unsubscribeToken} onSwitchLanguage={switchLanguage} /> : <Portal onSwitchLanguage={switchLanguage} />}
    </LanguageProvider>
  );
}

function Unsubscribe({ token, onSwitchLanguage }: { token: string; onSwitchLanguage: () => void }) {
  const { t, language } = useLanguage();
  return (
    <>
      <header className="topbar">
        <p className="brand">{t.brand}</p>
        <div className="topbar-actions">
          <button type="button" className="button-link" lang={language === 'en' ? 'es' : 'en'} onClick={onSwitchLanguage}>{t.switchTo}</button>
        </div>
      </header>
      <main>
        <UnsubscribePage token={token} />
      </main>
    </>
  );
}

function Portal({ onSwitchLanguage }: { onSwitchLanguage: () => void }) {
  const { t, language } = useLanguage();
  const [screen, setScreen] = useState<Screen>(() => (session.token() ? { name: 'letter' } : { name: 'sign-in', notice: null }));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  const endSession = useCallback((notice: SignInNotice) => {
    session.set(null);
    setLoaded({ state: 'loading' });
    setScreen({ name: 'sign-in', notice });
  }, []);

  const load = useCallback(async (): Promise<RespondView | null> => {
    try {
      const view = await respondCall('GET /api/respond/letter');
      setLoaded({ state: 'ready', view });
      return view;
    } catch (err) {
      if (err instanceof RespondError && err.status === 410) setLoaded({ state: 'failed', kind: 'gone' });
      else if (err instanceof RespondError && (err.kind === 'session' || err.kind === 'refused')) endSession('session_expired');
      else setLoaded({ state: 'failed', kind: err instanceof RespondError && err.kind === 'network' ? 'network' : 'server' });
      return null;
    }
  }, [endSession]);

  useEffect(() => {
    if (screen.name === 'letter' && loaded.state === 'loading') void load();
  }, [screen.name, loaded.state, load]);

  // A new screen is a new page to a screen reader: move to its heading (not on the first one).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [screen, loaded.state]);

  const signOut = async () => {
    try {
      await respondCall('POST /api/respond/sign-out');
    } catch {
      // The session is forgotten here either way; the server lets it expire.
    }
    endSession('signed_out');
  };

  const signedIn = screen.name !== 'sign-in';
  const view = loaded.state === 'ready' ? loaded.view : null;

  return (
    <>
      <header className="topbar">
        <p className="brand">{t.brand}</p>
        <div className="topbar-actions">
          <button type="button" className="button-link" lang={language === 'en' ? 'es' : 'en'} onClick={onSwitchLanguage}>{t.switchTo}</button>
          {signedIn && <button type="button" className="button-link" onClick={() => void signOut()}>{t.signOut}</button>}
        </div>
      </header>
      <main ref={main}>
        {screen.name === 'sign-in' && (
          <SignInPage notice={screen.notice} onSignedIn={() => { setLoaded({ state: 'loading' }); setScreen({ name: 'letter' }); }} />
        )}
        {signedIn && loaded.state === 'loading' && <p role="status" className="loading">{t.loading}</p>}
        {signedIn && loaded.state === 'failed' && loaded.kind === 'gone' && (
          <>
            <h1>{t.goneHeading}</h1>
            <p className="alert alert-info">{t.closed.archived}</p>
          </>
        )}
        {signedIn && loaded.state === 'failed' && loaded.kind !== 'gone' && (
          <>
            <h1>{t.problemsHeading}</h1>
            <div className="alert alert-error" role="alert">{loaded.kind === 'network' ? t.networkError : t.serverError}</div>
            <button type="button" className="button-primary" onClick={() => setLoaded({ state: 'loading' })}>{t.tryAgain}</button>
          </>
        )}
        {screen.name === 'letter' && view && (
          <LetterPage
            view={view}
            reload={load}
            onSessionGone={() => endSession('session_expired')}
            onAnswered={(next, email) => {
              setLoaded({ state: 'ready', view: next });
              setScreen({ name: 'thanks', email, confirmation: next.confirmation_email });
            }}
          />
        )}
        {screen.name === 'thanks' && view && (
          <>
            <h1>{t.thanksHeading}</h1>
            <div className="alert alert-success" role="status">
              {answerText(t, language, view.answer).map((sentence) => <p key={sentence}>{sentence}</p>)}
              {screen.confirmation === 'sent' && <p>{t.thanksEmail(screen.email)}</p>}
              {screen.confirmation === 'limit_reached' && <p>{t.thanksEmailLimit}</p>}
            </div>
            <button type="button" className="button-primary" onClick={() => setScreen({ name: 'letter' })}>{t.backToLetter}</button>
          </>
        )}
      </main>
      {view && signedIn && (
        <footer className="footer">
          <p>{t.questions(view.program.name, formatPhone(view.program.phone), view.program.email)}</p>
        </footer>
      )}
    </>
  );
}
