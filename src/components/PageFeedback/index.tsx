import {useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';

import styles from './styles.module.css';

/** The tag manager's queue of events; present only when the build loads the tag manager. */
declare global {
  interface Window {
    dataLayer?: object[];
  }
}

/** The event a reader's answer sends to the tag manager. */
export const FEEDBACK_EVENT = 'page_feedback';

type Answer = 'yes' | 'no';

/**
 * "Was this page helpful?" with Yes and No. An answer goes to the tag
 * manager's data layer when the build loads the tag manager, and nowhere
 * else: nothing is written to cookies or storage. The thank-you takes the
 * place of the buttons in a box of the same height, so nothing below moves.
 */
export default function PageFeedback(): ReactNode {
  const {pathname} = useLocation();
  const [answer, setAnswer] = useState<Answer>();
  const thanks = useRef<HTMLParagraphElement>(null);

  const send = (value: Answer) => {
    window.dataLayer?.push({event: FEEDBACK_EVENT, page_path: pathname, helpful: value});
    setAnswer(value);
    // The button that had focus is gone: the reader continues from the message.
    requestAnimationFrame(() => thanks.current?.focus());
  };

  return (
    <section className={styles.feedback} aria-labelledby="page-feedback-question">
      {/* Not a heading: the question would otherwise be a heading of every page in search and outlines. */}
      <p id="page-feedback-question" className={styles.question}>
        Was this page helpful?
      </p>
      <div className={styles.answer} aria-live="polite">
        {answer === undefined ? (
          <>
            <button
              type="button"
              className="button button--outline button--primary"
              onClick={() => send('yes')}>
              Yes
            </button>{' '}
            <button
              type="button"
              className="button button--outline button--primary"
              onClick={() => send('no')}>
              No
            </button>
          </>
        ) : (
          <p ref={thanks} tabIndex={-1} className={styles.thanks}>
            Thank you for your feedback.
          </p>
        )}
      </div>
    </section>
  );
}
