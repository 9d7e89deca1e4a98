import {useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';
import {createExampleDelivery, verifySignature, type VerifyInput, type VerifyResult} from './verify';

type Outcome =
  | {readonly kind: 'idle'}
  | {readonly kind: 'note'; readonly text: string}
  | {readonly kind: 'error'; readonly text: string}
  | {readonly kind: 'result'; readonly result: VerifyResult};

function describeTimestamp(result: VerifyResult): string | null {
  if (result.timestamp === null) return null;
  const date = new Date(result.timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${result.timestamp} (${date})`;
}

function ResultPanel({result}: {readonly result: VerifyResult}): ReactNode {
  const signedAt = describeTimestamp(result);
  return (
    <div
      className={clsx('alert', result.valid ? 'alert--success' : 'alert--danger', styles.result)}
      data-reason={result.reason}>
      <p className={styles.verdict}>{result.message}</p>
      {result.expectedSignature !== null && signedAt !== null && (
        <dl className={styles.details}>
          <dt>Signed at (t)</dt>
          <dd>{signedAt}</dd>
          <dt>Expected v1 for this payload and secret</dt>
          <dd>
            <code className={styles.hex}>{result.expectedSignature}</code>
          </dd>
          <dt>Expected header</dt>
          <dd>
            <code className={styles.hex}>{`t=${result.timestamp},v1=${result.expectedSignature}`}</code>
          </dd>
        </dl>
      )}
    </div>
  );
}

/**
 * One labelled control of the form, and its hint when it has one. The control names the hint
 * (`aria-describedby`) by the id `<control id>-hint`.
 */
function Field({
  id,
  label,
  hint,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {/* Spaces between a label, its hint and the buttons keep their words apart in the page's text. */}
      {hint !== undefined && (
        <>
          {' '}
          <small id={`${id}-hint`} className={styles.hint}>
            {hint}
          </small>
        </>
      )}
    </div>
  );
}

/** What the last check or example said, in the live region under the form. */
function OutcomeMessage({outcome}: {readonly outcome: Outcome}): ReactNode {
  if (outcome.kind === 'idle') return null;
  if (outcome.kind === 'result') return <ResultPanel result={outcome.result} />;
  return (
    <div className={clsx('alert', outcome.kind === 'note' ? 'alert--info' : 'alert--warning', styles.result)}>
      {outcome.text}
    </div>
  );
}

/**
 * The delivery as typed into the form, and whether to check the 5-minute window: what
 * verifySignature checks, against the browser's clock and that window, its defaults.
 */
type Delivery = Required<Pick<VerifyInput, 'rawBody' | 'secret' | 'header' | 'checkTimestamp'>>;

/**
 * The form's delivery and what checking it said. Any edit clears the last outcome, and only the
 * answer to the latest "Check signature" or "Fill with an example" is shown.
 */
function useSignatureCheck(): readonly [
  delivery: Delivery,
  edit: (change: Partial<Delivery>) => void,
  busy: boolean,
  outcome: Outcome,
  check: (event: FormEvent<HTMLFormElement>) => Promise<void>,
  fillExample: () => Promise<void>,
] {
  const [delivery, setDelivery] = useState<Delivery>({
    rawBody: '',
    secret: '',
    header: '',
    checkTimestamp: true,
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({kind: 'idle'});
  const run = useRef(0);

  const edit = (change: Partial<Delivery>): void => {
    setOutcome({kind: 'idle'});
    setDelivery((current) => ({...current, ...change}));
  };

  // The form's submission: the page checks the delivery, and the browser sends nothing.
  async function check(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const current = ++run.current;
    if (delivery.secret === '') {
      setOutcome({kind: 'error', text: 'Enter the secret of the subscription that received the delivery.'});
      return;
    }
    setBusy(true);
    try {
      const result = await verifySignature(delivery);
      if (current === run.current) setOutcome({kind: 'result', result});
    } catch (error) {
      if (current === run.current) {
        setOutcome({kind: 'error', text: error instanceof Error ? error.message : String(error)});
      }
    } finally {
      if (current === run.current) setBusy(false);
    }
  }

  async function fillExample(): Promise<void> {
    const current = ++run.current;
    try {
      const example = await createExampleDelivery(Date.now() / 1000);
      if (current !== run.current) return;
      setDelivery({...example, checkTimestamp: true});
      setOutcome({
        kind: 'note',
        text: 'Filled in a delivery signed just now with an example secret. Select "Check signature", then change one character to see it fail.',
      });
    } catch (error) {
      setOutcome({kind: 'error', text: error instanceof Error ? error.message : String(error)});
    }
  }

  return [delivery, edit, busy, outcome, check, fillExample];
}

/**
 * Checks an X-Gerai-Signature header against a payload and a secret, in the
 * browser. Nothing is sent anywhere: the HMAC is computed with Web Crypto.
 */
export default function SignatureChecker(): ReactNode {
  const id = useId();
  // The buttons stay disabled until React runs (false while the page is rendered on the server or
  // hydrated), so that a click cannot submit the form natively.
  const hydrated = useIsBrowser();
  const payloadId = `${id}-payload`;
  const secretId = `${id}-secret`;
  const headerId = `${id}-header`;
  const windowId = `${id}-window`;
  const [delivery, edit, busy, outcome, check, fillExample] = useSignatureCheck();
  const editText =
    (field: 'rawBody' | 'secret' | 'header') =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void =>
      edit({[field]: event.target.value});

  return (
    <section className={styles.checker} aria-label="Webhook signature checker">
      <form onSubmit={check} noValidate>
        <p className={styles.privacy}>
          Everything stays in this page: the signature is computed by your browser and nothing is sent
          anywhere. Use a sandbox secret all the same.
        </p>

        <Field
          id={payloadId}
          label="Raw payload (the request body, byte for byte)"
          hint="Paste the body as your server received it, before any JSON parsing. Reformatting, or a line break added at the end, changes the signature.">
          <textarea
            id={payloadId}
            className={clsx(styles.control, styles.payload)}
            value={delivery.rawBody}
            onChange={editText('rawBody')}
            rows={8}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${payloadId}-hint`}
          />
        </Field>

        <Field id={secretId} label="Signing secret of the subscription">
          <input
            id={secretId}
            className={styles.control}
            type="text"
            value={delivery.secret}
            onChange={editText('secret')}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>

        <Field
          id={headerId}
          label="X-Gerai-Signature header value"
          hint={
            <>
              The value only, in the form <code>t=&lt;Unix seconds&gt;,v1=&lt;hex HMAC-SHA256&gt;</code>.
            </>
          }>
          <input
            id={headerId}
            className={styles.control}
            type="text"
            value={delivery.header}
            onChange={editText('header')}
            spellCheck={false}
            autoComplete="off"
            placeholder="t=1772424915,v1=5f1c…"
            aria-describedby={`${headerId}-hint`}
          />
        </Field>

        <div className={styles.checkbox}>
          <input
            id={windowId}
            type="checkbox"
            checked={delivery.checkTimestamp}
            onChange={(event) => edit({checkTimestamp: event.target.checked})}
          />
          <label htmlFor={windowId}>
            Check the 5-minute window (refuse a timestamp more than 5 minutes from now)
          </label>
        </div>

        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
            Check signature
          </button>{' '}
          <button
            type="button"
            className="button button--secondary"
            disabled={!hydrated}
            onClick={fillExample}>
            Fill with an example
          </button>
        </div>
      </form>

      <div role="status" aria-live="polite" className={styles.status}>
        <OutcomeMessage outcome={outcome} />
      </div>
    </section>
  );
}
