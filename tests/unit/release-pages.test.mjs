// An earlier release's operation page as `gen-api` writes it: the head stays MDX, the body after the
// release switcher becomes one string of HTML (scripts/generate-api-docs/release-pages.ts).
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {releaseOperationPage} = jiti('./scripts/generate-api-docs/release-pages.ts');
const {PRODUCT_NAME} = jiti('./src/constants.ts');

const PAGE = `---
id: get-all-outlets
title: "Get all outlets"
api: eJzLSM3JyVcozy/KSQEAGgQEXQ==
sidebar_class_name: "get api-method"
---

import ApiEndpoint from "@site/src/components/ApiEndpoint";

import ApiReleaseSwitcher from "@site/src/components/ApiReleaseSwitcher";

# Get all outlets

<ApiEndpoint method={"get"} path={"/integrations/partner/v1/linked-outlets"} />

<ApiReleaseSwitcher shown={"2026-11-22"} links={[]} />

Added in [release 2026-11-22](/changelog/release-2026-11-22).

Lists the outlets linked to @@PRODUCT@@, with \\{braces\\} and &lt;angles&gt;.

## Request

### Query parameters

<div className="api-fields">

- \`page\` <span className="api-field__type">integer (int32)</span>

  The page to return.

</div>

### Example request

\`\`\`http
GET /integrations/partner/v1/linked-outlets?page=1 HTTP/1.1
\`\`\`

## Request
`;

describe("an earlier release's operation page", () => {
  const written = releaseOperationPage(PAGE, 'api-releases/2026-11-22/get-all-outlets.api.mdx');
  const [head, body] = written.split('<ReleasePageBody html=');
  const html = JSON.parse(
    body
      .trim()
      .replace(/^\{/, '')
      .replace(/\} \/>$/, ''),
  );

  test('loses the encoded operation that the request panel reads, and keeps the rest of its front matter', () => {
    assert.doesNotMatch(head, /^api: /m);
    assert.match(head, /^sidebar_class_name: "get api-method"$/m);
  });

  test('keeps its head as MDX, up to the release switcher, and imports the body component', () => {
    assert.match(head, /^# Get all outlets$/m);
    assert.match(head, /^<ApiEndpoint method=\{"get"\}/m);
    assert.match(head, /^<ApiReleaseSwitcher shown=/m);
    assert.match(head, /^import ReleasePageBody from "@site\/src\/components\/ReleasePageBody";$/m);
  });

  test('has its body as HTML: the field lists, links, code a keyboard can scroll, headings with the ids Docusaurus gives', () => {
    assert.match(
      html,
      /<p>Added in <a href="\/changelog\/release-2026-11-22">release 2026-11-22<\/a>\.<\/p>/,
    );
    assert.match(html, /<div class="api-fields">/);
    assert.match(html, /<span class="api-field__type">integer \(int32\)<\/span>/);
    assert.match(html, /<h2 id="request">Request<\/h2>/);
    assert.match(html, /<h3 id="query-parameters">Query parameters<\/h3>/);
    // A repeated heading is numbered, as Docusaurus numbers it.
    assert.match(html, /<h2 id="request-1">Request<\/h2>/);
    assert.match(html, /<pre tabindex="0"><code class="language-http">GET \/integrations/);
  });

  test("has the host tokens replaced, and the page writer's escapes read as text", () => {
    assert.match(html, new RegExp(`linked to ${PRODUCT_NAME}, with \\{braces\\} and &#x3C;angles>`));
    assert.doesNotMatch(html, /@@PRODUCT@@/);
  });

  test('refuses an element the body cannot hold, naming the page', () => {
    assert.throws(
      () =>
        releaseOperationPage(
          PAGE.replace('## Request\n', '<TestDelivery eventId="x" />\n'),
          'the-page.api.mdx',
        ),
      /the-page\.api\.mdx: an element the release's page body cannot hold: <TestDelivery>/,
    );
  });
});
