/**
 * Sign-in: the access code printed on the letter (pre-filled from the QR code's #code=) and the ZIP
 * code of the address the letter went to. Every refusal says the one text SIGN_IN_REFUSED (in the
 * chosen language): which of the two was wrong stays unknown to a guesser.
 */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { normalizeAccessCode } from '../../../shared/access-code';
import { RespondError, respondCall, session } from './api';
import { codeFromFragment, formatTypedCode } from './access-code-typing';
import { Field, FormAlert, focusFirstInvalid } from './fields';
import { useLanguage } from './language';

/** Why the tenant is on sign-in again, said above the form. */
export type SignInNotice = 'session_expired' | 'signed_out' | null;

const ZIP = /^\d{5}(-?\d{4})?$/;

export function SignInPage({ notice, onSignedIn }: { notice: SignInNotice; onSignedIn: () => void }) {
  const { t } = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState(() => codeFromFragment(window.location.hash));
  const [zip, setZip] = useState('');
  const [errors, setErrors] = useState<{ code?: string; zip?: string }>({});
  const [failure, setFailure] = useState<'refused' | 'network' | 'server' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeAccessCode(code);
    const next = {
      code: code.trim() === '' ? t.codeMissing : normalized === null ? t.codeImpossible : undefined,
      zip: zip.trim() === '' ? t.zipMissing : ZIP.test(zip.trim()) ? undefined : t.zipImpossible,
    };
    setErrors(next);
    setFailure(null);
    if (next.code || next.zip) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await respondCall('POST /api/respond/sign-in', { access_code: normalized!, zip_code: zip.trim() });
      session.set(answer.token);
      // The code has done its work: it should not stay in the address bar, the history or a screenshot.
      if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
      onSignedIn();
    } catch (err) {
      setFailure(err instanceof RespondError && (err.kind === 'network' || err.kind === 'server') ? err.kind : 'refused');
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{t.signInHeading}</h1>
      {notice === 'session_expired' && <div className="alert alert-info" role="alert">{t.sessionExpired}</div>}
      {notice === 'signed_out' && <div className="alert alert-info" role="status">{t.signedOut}</div>}
      <p>{t.signInIntro}</p>
      <form ref={form} onSubmit={submit} noValidate>
        <FormAlert message={failure === 'refused' ? t.signInRefused : failure === 'network' ? t.networkError : failure === 'server' ? t.serverError : null} />
        <Field
          label={t.accessCode}
          hint={t.accessCodeHint}
          error={errors.code}
          value={code}
          onChange={(e) => setCode(formatTypedCode(e.target.value))}
          name="access_code"
          className="code-input"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          // Eight symbols and the dash the field adds.
          maxLength={12}
        />
        <Field
          label={t.zipCode}
          hint={t.zipCodeHint}
          error={errors.zip}
          value={zip}
          onChange={(e) => setZip(e.target.value)}
          name="zip_code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          className="zip-input"
        />
        <button type="submit" className="button-primary" disabled={busy}>{busy ? t.signingIn : t.signIn}</button>
      </form>
    </>
  );
}
