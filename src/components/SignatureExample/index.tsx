import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';

import {
  SIGNATURE_VECTORS_DOWNLOAD,
  SIGNED_BODY_DOWNLOAD,
  workedSignatureExample,
} from '@site/src/config/signature-example';

const example = workedSignatureExample();

/** The file name a reader saves the raw body as. The links use pathname:// since the files are not pages. */
const BODY_FILE = SIGNED_BODY_DOWNLOAD.split('/').pop() ?? 'body.json';

/** The delivery of the worked example as it goes over the wire: headers, a blank line, the raw body. */
export function SignedDelivery(): ReactNode {
  return (
    <CodeBlock language="text" title="The delivery: headers and raw body">
      {[
        'Content-Type: application/json',
        `X-Gerai-Event-Id: ${example.eventId}`,
        `X-Gerai-Signature: ${example.header}`,
        '',
        example.rawBody,
      ].join('\n')}
    </CodeBlock>
  );
}

/** The body of the worked example, indented for reading: not the bytes that were signed. */
export function SignedDeliveryIndented(): ReactNode {
  return <CodeBlock language="json">{JSON.stringify(JSON.parse(example.rawBody), null, 2)}</CodeBlock>;
}

/** The values of the worked example and a command that reproduces its signature. */
export function WorkedSignatureExample(): ReactNode {
  const bytes = new TextEncoder().encode(example.rawBody).length;
  return (
    <>
      <ul>
        <li>
          Secret: <code>{example.secret}</code>
        </li>
        <li>
          <code>t</code>: <code>{example.timestamp}</code>
        </li>
        <li>
          Raw body: the {bytes} bytes of UTF-8 after the blank line above, without a final line break.{' '}
          <Link href={`pathname://${SIGNED_BODY_DOWNLOAD}`} download={BODY_FILE}>
            Download the raw body
          </Link>{' '}
          to get exactly these bytes.
        </li>
        <li>
          Signed message: <code>{example.timestamp}.</code> followed by the raw body.
        </li>
        <li>
          HMAC-SHA256, in lowercase hex: <code>{example.signature}</code>
        </li>
        <li>
          Header: <code>X-Gerai-Signature: {example.header}</code>
        </li>
      </ul>
      <p>To reproduce the signature, download the body into the current folder and run:</p>
      <CodeBlock language="bash">
        {`{ printf '%s.' '${example.timestamp}'; cat ${BODY_FILE}; } \\\n  | openssl dgst -sha256 -hmac '${example.secret}'`}
      </CodeBlock>
      <p>
        It prints <code>{example.signature}</code> after the name of the digest. The same values, and
        tampered, stale, future and malformed variants of the delivery, are in the{' '}
        <Link href={`pathname://${SIGNATURE_VECTORS_DOWNLOAD}`} download>
          signature test vectors
        </Link>{' '}
        that the samples below are tested against.
      </p>
    </>
  );
}
