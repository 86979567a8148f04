/**
 * The three answers a tenant can give: a coverage plan, proof of their own insurance (the file goes
 * straight to the uploads bucket by presigned POST, then the answer names the upload), or opting out
 * where the facility's program allows. Each may ask for a confirmation e-mail. Each calls `save`,
 * which the letter page gives: it sends the answer and handles what comes back.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { RespondAnswered, RespondView } from '../../../shared/contracts/respond';
import { PROOF_CONTENT_TYPES, PROOF_MAX_BYTES } from '../../../shared/respond-rules';
import type { ProofContentType } from '../../../shared/respond-rules';
import { RespondError, respondCall, sendProofFile } from './api';
import { planText } from './answer-text';
import { Field, FormAlert, focusFirstInvalid } from './fields';
import { formatDay } from './i18n';
import { useLanguage } from './language';

/**
 * Sends one answer. Resolves with the page as the server now has it; rejects with the reason the
 * form shows (the letter page already handled an ended session).
 */
export type SaveAnswer = (send: () => Promise<RespondAnswered>, email: string) => Promise<void>;

interface FormProps {
  view: RespondView;
  save: SaveAnswer;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function useEmail(view: RespondView) {
  const [email, setEmail] = useState(view.tenant.email);
  const invalid = email.trim() !== '' && !EMAIL.test(email.trim());
  return { email: email.trim(), setEmail, invalid };
}

function EmailField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useLanguage();
  return (
    <Field label={t.email} hint={t.emailHint} error={error} type="email" autoComplete="email" inputMode="email" maxLength={200}
      value={value} onChange={(e) => onChange(e.target.value)} name="email" />
  );
}

/** The server's words for a refusal, or the network's, in the tenant's language where they are ours. */
function failureText(t: ReturnType<typeof useLanguage>['t'], err: unknown): string {
  if (err instanceof RespondError) {
    if (err.kind === 'network') return t.networkError;
    if (err.kind === 'server') return t.serverError;
    return t.notSaved(err.message);
  }
  return t.serverError;
}

export function CoverageForm({ view, save }: FormProps) {
  const { t, language } = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const legendId = useId();
  const current = view.answer.kind === 'coverage' ? view.answer.coverage_id : null;
  const [chosen, setChosen] = useState<string | null>(current);
  const mail = useEmail(view);
  const [errors, setErrors] = useState<{ plan?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { plan: chosen ? undefined : t.planMissing, email: mail.invalid ? t.emailInvalid : undefined };
    setErrors(next);
    setFailure(null);
    if (next.plan || next.email) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await save(() => respondCall('POST /api/respond/coverage', { coverage_id: chosen!, email: mail.email, language }), mail.email);
    } catch (err) {
      setFailure(failureText(t, err));
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t.choiceCoverage}>
      <FormAlert message={failure} />
      <fieldset className="cards" aria-describedby={errors.plan ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{t.planLegend}</legend>
        {view.coverages.map((plan, i) => (
          <label className="card" key={plan.id}>
            <input type="radio" name="coverage_id" value={plan.id} checked={chosen === plan.id} onChange={() => setChosen(plan.id)}
              aria-invalid={errors.plan && i === 0 ? true : undefined} />
            <span>{planText(t, language, plan)}</span>
          </label>
        ))}
        {errors.plan && <p className="field-error" id={`${legendId}-error`} role="alert">{errors.plan}</p>}
      </fieldset>
      <p className="note">{t.planStarts(formatDay(language, view.coverage_effective_date))}</p>
      <EmailField value={mail.email} onChange={mail.setEmail} error={errors.email ?? null} />
      <button type="submit" className="button-primary" disabled={busy}>{busy ? t.saving : t.confirmPlan}</button>
    </form>
  );
}

/** The accept attribute and the check before upload; the server checks the content itself. */
const ACCEPT: Record<ProofContentType, string> = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg,.jpeg', 'image/png': '.png' };
const isProofType = (type: string): type is ProofContentType => (PROOF_CONTENT_TYPES as readonly string[]).includes(type);

const megabytes = (bytes: number, language: string) =>
  `${new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

type UploadPhase = { phase: 'idle' } | { phase: 'preparing' } | { phase: 'sending'; percent: number } | { phase: 'saving' };

export function ProofForm({ view, save }: FormProps) {
  const { t, language } = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [insurer, setInsurer] = useState('');
  const [expiry, setExpiry] = useState('');
  const mail = useEmail(view);
  const [errors, setErrors] = useState<{ file?: string; insurer?: string; expiry?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadPhase>({ phase: 'idle' });

  const fileError = (f: File | null): string | undefined => {
    if (!f) return t.proofFileMissing;
    if (!isProofType(f.type)) return t.proofFileType;
    if (f.size === 0) return t.proofFileEmpty;
    if (f.size > PROOF_MAX_BYTES) return t.proofFileTooLarge(megabytes(f.size, language));
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      file: fileError(file),
      insurer: insurer.trim() === '' ? t.insurerMissing : undefined,
      expiry: expiry === '' ? t.expiryMissing : undefined,
      email: mail.invalid ? t.emailInvalid : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    const chosen = file!;
    // The step reached, for the message if one fails (the state above is drawn later than this runs).
    const reached: { step: UploadPhase } = { step: { phase: 'preparing' } };
    const reach = (next: UploadPhase) => {
      reached.step = next;
      setUpload(next);
    };
    try {
      await save(async () => {
        reach({ phase: 'preparing' });
        const target = await respondCall('POST /api/respond/proof-upload', { content_type: chosen.type as ProofContentType, size: chosen.size });
        reach({ phase: 'sending', percent: 0 });
        await sendProofFile(target, chosen, (fraction) => reach({ phase: 'sending', percent: Math.round(fraction * 100) }));
        reach({ phase: 'saving' });
        return respondCall('POST /api/respond/proof', { upload_id: target.upload_id, insurer: insurer.trim(), policy_expiry_date: expiry, email: mail.email, language });
      }, mail.email);
    } catch (err) {
      setFailure(reached.step.phase === 'sending' && err instanceof RespondError && err.kind === 'network' ? t.proofNotSent : failureText(t, err));
      setUpload({ phase: 'idle' });
    }
  };

  const busy = upload.phase !== 'idle';
  const progressText = upload.phase === 'preparing' ? t.proofPreparing
    : upload.phase === 'sending' ? t.proofSending(upload.percent)
      : upload.phase === 'saving' ? t.proofSaving : null;

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t.choiceProof}>
      <FormAlert message={failure} />
      <Field label={t.proofFile} hint={t.proofFileHint} error={errors.file} type="file" name="file"
        accept={Object.values(ACCEPT).join(',')}
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          setFile(picked);
          // Said at once, before anything is sent: a 25 MB photo need not wait for the button.
          setErrors((prev) => ({ ...prev, file: picked ? fileError(picked) : undefined }));
        }} />
      <Field label={t.insurer} error={errors.insurer} value={insurer} onChange={(e) => setInsurer(e.target.value)} name="insurer"
        maxLength={120} autoComplete="organization" />
      <Field label={t.expiry} hint={t.expiryHint} error={errors.expiry} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)}
        name="policy_expiry_date" />
      <EmailField value={mail.email} onChange={mail.setEmail} error={errors.email ?? null} />
      {progressText && (
        <div className="progress" role="status">
          <span>{progressText}</span>
          {upload.phase === 'sending' && <progress max={100} value={upload.percent} aria-label={progressText} />}
        </div>
      )}
      <button type="submit" className="button-primary" disabled={busy}>{busy ? t.saving : t.sendProof}</button>
    </form>
  );
}

export function OptOutForm({ view, save }: FormProps) {
  const { t, language } = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const checkId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const mail = useEmail(view);
  const [errors, setErrors] = useState<{ confirm?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { confirm: confirmed ? undefined : t.optOutMissing, email: mail.invalid ? t.emailInvalid : undefined };
    setErrors(next);
    setFailure(null);
    if (next.confirm || next.email) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await save(() => respondCall('POST /api/respond/opt-out', { confirm: true, email: mail.email, language }), mail.email);
    } catch (err) {
      setFailure(failureText(t, err));
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t.choiceOptOut}>
      <FormAlert message={failure} />
      <figure className="wording">
        <figcaption>{t.optOutWording}</figcaption>
        {/* The program's own words, as its insurance program states them (English: the legal text). */}
        <blockquote lang="en">{view.opt_out?.wording}</blockquote>
      </figure>
      <div className={`check${errors.confirm ? ' field-invalid' : ''}`}>
        <input id={checkId} type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} required
          aria-invalid={errors.confirm ? true : undefined} aria-describedby={errors.confirm ? `${checkId}-error` : undefined} />
        <label htmlFor={checkId}>{t.optOutConfirm}</label>
      </div>
      {errors.confirm && <p className="field-error" id={`${checkId}-error`} role="alert">{errors.confirm}</p>}
      <EmailField value={mail.email} onChange={mail.setEmail} error={errors.email ?? null} />
      <button type="submit" className="button-primary" disabled={busy}>{busy ? t.saving : t.optOut}</button>
    </form>
  );
}
