import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ElementType,
  type ReactNode,
} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useMDXComponents} from '@mdx-js/react';

import {computeSignature} from '@site/src/components/SignatureChecker/hmac';

import {curlCommand, DEFAULT_RECEIVER_URL, receiverUrl} from './command';
import styles from './styles.module.css';

interface Props {
  /** The id of the heading this delivery stands under, which names it. */
  readonly labelledBy: string;
  readonly eventId: string;
  /** The example body, byte for byte as signed. */
  readonly body: string;
  /** The sandbox secret the delivery is signed with. */
  readonly secret: string;
  /** The example's timestamp (Unix seconds) and the signature for it, computed when the page was built. */
  readonly timestamp: number;
  readonly signature: string;
}

/** A signed delivery is signed again when the reader comes back to it after this long. */
const RESIGN_AFTER_SECONDS = 60;
/** How long a receiver accepts a delivery after it was signed. */
const TOLERANCE_SECONDS = 300;
/** Typing is announced once it pauses for this long. */
const ANNOUNCE_AFTER_MS = 800;

interface Signed {
  readonly timestamp: number;
  readonly signature: string;
  /** False for the signature the server wrote (the example's time), true once signed in the browser. */
  readonly now: boolean;
}

/** The delivery signed with Web Crypto for the current time. */
async function signForNow(body: string, secret: string): Promise<Signed> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {timestamp, signature: await computeSignature(body, timestamp, secret), now: true};
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** 14:02:11 UTC */
function clock(timestamp: number): string {
  return `${new Date(timestamp * 1000).toISOString().slice(11, 19)} UTC`;
}

/** 2026-03-02T04:13:10Z */
function isoTime(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The delivery's signature: the build's for the example's time until the page runs, then one for
 * the current time, made again by `comeBack` when the reader returns to it a minute later (each
 * new one announced through `announce`).
 */
function useSignature(
  body: string,
  secret: string,
  first: Signed,
  announce: (message: string) => void,
): readonly [signed: Signed, signingFailed: string | null, comeBack: () => void] {
  const [signed, setSigned] = useState(first);
  const [signingFailed, setSigningFailed] = useState<string | null>(null);
  const signing = useRef(false);

  useEffect(() => {
    let current = true;
    signForNow(body, secret).then(
      (fresh) => {
        if (current) setSigned(fresh);
      },
      (error: unknown) => {
        if (current) setSigningFailed(messageOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [body, secret]);

  const comeBack = (): void => {
    if (!signed.now || signing.current || Date.now() / 1000 - signed.timestamp <= RESIGN_AFTER_SECONDS)
      return;
    signing.current = true;
    signForNow(body, secret)
      .then(
        (fresh) => {
          setSigned(fresh);
          announce(`Signed again for ${clock(fresh.timestamp)}.`);
        },
        (error: unknown) => setSigningFailed(messageOf(error)),
      )
      .finally(() => {
        signing.current = false;
      });
  };
  return [signed, signingFailed, comeBack];
}

/**
 * The receiver's address as typed, whether it is a full address, and the last full address typed,
 * which the command posts to. Once the reader has typed, the address (or the problem with what was
 * typed) is announced through `announce` when typing pauses.
 */
function useReceiverAddress(
  announce: (message: string) => void,
): readonly [typed: string, typedIsValid: boolean, url: string, type: (value: string) => void] {
  const [typed, setTyped] = useState(DEFAULT_RECEIVER_URL);
  const [url, setUrl] = useState(DEFAULT_RECEIVER_URL);
  const edited = useRef(false);
  const typedIsValid = receiverUrl(typed) !== null;

  useEffect(() => {
    if (!edited.current) return undefined;
    const timer = setTimeout(() => {
      announce(
        typedIsValid
          ? `The command now posts to ${url}.`
          : `Not an address yet: the command still posts to ${url}.`,
      );
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, typedIsValid, url, announce]);

  const type = (value: string): void => {
    edited.current = true;
    setTyped(value);
    const valid = receiverUrl(value);
    if (valid !== null) setUrl(valid);
  };
  return [typed, typedIsValid, url, type];
}

/**
 * A ready-to-run delivery of a webhook event's example: a curl command that
 * posts the exact body with the headers of a real delivery and a valid
 * `X-Gerai-Signature`, to an address the reader enters.
 *
 * The server writes the command signed for the example's own time (the
 * signature comes from the build), so it is complete without JavaScript.
 * Once the page runs, it is signed again with Web Crypto for the current
 * time, and again whenever the reader comes back to it a minute later, so a
 * copied command is one a receiver accepts for 5 minutes.
 */
export default function TestDelivery({
  labelledBy,
  eventId,
  body,
  secret,
  timestamp,
  signature,
}: Props): ReactNode {
  const id = useId();
  const isBrowser = useIsBrowser();
  const Code = (useMDXComponents().code ?? 'code') as ElementType<ComponentProps<'code'>>;
  const [announcement, setAnnouncement] = useState('');
  const [typed, typedIsValid, url, type] = useReceiverAddress(setAnnouncement);
  const [signed, signingFailed, comeBack] = useSignature(
    body,
    secret,
    {timestamp, signature, now: false},
    setAnnouncement,
  );

  const command = useMemo(
    () => curlCommand({url, eventId, body, signature: `t=${signed.timestamp},v1=${signed.signature}`}),
    [url, eventId, body, signed],
  );

  const fieldId = `${id}-url`;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <section
      className={styles.delivery}
      aria-labelledby={labelledBy}
      onPointerEnter={comeBack}
      onFocus={comeBack}>
      <div className={styles.field}>
        <label htmlFor={fieldId}>Receiver URL</label>{' '}
        <input
          id={fieldId}
          className={styles.control}
          type="url"
          inputMode="url"
          value={typed}
          // Until the page runs, the field could not change the command: the address is edited in it instead.
          disabled={!isBrowser}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!typedIsValid}
          aria-describedby={typedIsValid ? hintId : `${problemId} ${hintId}`}
          onChange={(event) => type(event.target.value)}
        />{' '}
        {!typedIsValid && (
          <>
            <span id={problemId} className={styles.problem}>
              {typed.trim() === ''
                ? 'Enter the address of your receiver.'
                : `“${typed.trim()}” is not a full address: start it with http:// or https://.`}{' '}
              The command below still posts to {url}.
            </span>{' '}
          </>
        )}
        <small id={hintId} className={styles.hint}>
          The address your receiver listens on; the sample receivers listen on {DEFAULT_RECEIVER_URL}.
        </small>
      </div>

      {/*
       * The page's own `code` element, as a fenced block of the page gets it: the code block of the
       * theme, with its tokens and copy button. Importing @theme/CodeBlock here instead would put a
       * second copy of the code block's modules into every event page's chunk.
       */}
      <Code className="language-bash" data-code-tokens={command.tokens}>
        {command.text}
      </Code>

      <p className={styles.signedAt}>
        {signed.now ? (
          <>
            Signed for {clock(signed.timestamp)} (<code>t={signed.timestamp}</code>) by your clock: a receiver
            accepts it until {clock(signed.timestamp + TOLERANCE_SECONDS)}. Come back to it later and it is
            signed again.
          </>
        ) : (
          <>
            Signed for the example&apos;s time, {isoTime(signed.timestamp)} (<code>t={signed.timestamp}</code>
            ): a receiver accepts it only with its clock within 5 minutes of that time.
          </>
        )}
        {signingFailed !== null && (
          <>
            {' '}
            <span className={styles.problem}>
              This browser could not sign it for the current time ({signingFailed}), so a receiver refuses it
              as stale.
            </span>
          </>
        )}
      </p>
      <noscript>
        <p className={styles.noScript}>
          Without JavaScript this page cannot sign for the current time. Edit the address in the command, and
          use a sample sender for a delivery signed now.
        </p>
      </noscript>
      <div role="status" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </section>
  );
}
