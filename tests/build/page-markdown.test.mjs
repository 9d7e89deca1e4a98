// @ts-check
// The Markdown version of every page, llms.txt and llms-full.txt, as the production build wrote
// them. Run after `npm run build`. (The Postman collection: postman-collection.test.mjs.)
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {loadFacts, root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {markdownPath} = jiti('./src/config/page-markdown.ts');
const {MCP_CLIENT_NAME, MCP_GUIDE_PATH, MCP_PACKAGE_PATH, MCP_PATH} = jiti('./src/config/mcp.ts');
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const sitemap = readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
const siteUrl = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)[1]).origin;
const routes = sitemapPaths(sitemap);
const documentation = routes.filter((route) => /^\/(docs|api)(\/|$)/.test(route));
const llms = readFileSync(path.join(build, 'llms.txt'), 'utf8');
const llmsFull = readFileSync(path.join(build, 'llms-full.txt'), 'utf8');

const markdownOf = (route) => readFileSync(path.join(build, markdownPath(route)), 'utf8');

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name.startsWith('.') || name === 'assets') return [];
    return statSync(full).isDirectory() ? markdownFiles(full) : name.endsWith('.md') ? [full] : [];
  });
}

/** The Markdown outside code blocks and code spans, where JSX or an import would be a leftover. */
function prose(markdown) {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/(`+)[^`\n][\s\S]*?\1/g, '');
}

describe('every docs and reference page has its Markdown', () => {
  test('the sitemap lists the docs and reference pages', () => assert.ok(documentation.length > 100));

  test('each has <route>.md with its title, description and canonical address', () => {
    const missing = documentation.filter((route) => !existsSync(path.join(build, markdownPath(route))));
    assert.deepEqual(missing, []);
    for (const route of documentation) {
      const match = /^---\ntitle: (".*")\ndescription: (".*")\ncanonical_url: (".*")\n---\n\n# \S/.exec(markdownOf(route));
      assert.ok(match, `${route}: front matter, then the title`);
      assert.equal(JSON.parse(match[3]), `${siteUrl}${route}`, route);
      assert.ok(JSON.parse(match[2]).length > 0, `${route} has a description`);
    }
  });

  test('every blog post and changelog entry has its own, its table of contents left out', () => {
    // A post's address is in the sitemap; the lists of posts, tag pages, archives and authors are not posts.
    const posts = routes.filter(
      (route) => /^\/(blog|changelog)\/[^/]+\/?$/.test(route) && !/\/(archive|authors|tags|page)\/?$/.test(route),
    );
    assert.ok(posts.length >= 10, `${posts.length} posts`);
    for (const route of posts) {
      const markdown = markdownOf(route);
      assert.match(markdown, /^---\ntitle: ".+"\ndescription: ".+"\ncanonical_url: ".+"\n---\n\n# \S/, route);
      assert.doesNotMatch(markdown, /^- \[[^\]]+\]\(#[^)]+\)$\n*$/m, `${route}: the table of contents is not content`);
      assert.ok(llms.includes(`(${siteUrl}${markdownPath(route)})`), `${route} is listed in llms.txt`);
    }
  });

  test('the landing pages have theirs', () => {
    for (const route of ['/', '/food/', '/payment/', '/contact-us/']) {
      assert.match(markdownOf(route), /^---\ntitle: /, route);
    }
  });

  test('no Markdown file holds JSX, an import or an export outside code blocks', () => {
    const files = markdownFiles(build);
    assert.ok(files.length >= documentation.length, `${files.length} files`);
    for (const file of files) {
      const text = prose(readFileSync(file, 'utf8'));
      const line = (pattern) => text.split('\n').find((row) => pattern.test(row));
      assert.equal(line(/^\s*(import|export)\s/), undefined, file);
      assert.equal(line(/<\/?[A-Z][A-Za-z]*[\s/>]|className=|<\/?(div|span|button|svg|details)\b/), undefined, file);
    }
  });
});

describe('a reference page in Markdown holds its whole operation', () => {
  const {operations} = loadFacts();
  // One operation of each description file, and the one with the most parameters.
  const byFile = new Map(operations.map((op) => [op.file, op]));
  const most = [...operations].sort((a, b) => (b.operation.parameters?.length ?? 0) - (a.operation.parameters?.length ?? 0))[0];
  const sample = [...new Set([...byFile.values(), most])];
  const referencePages = documentation
    .filter((route) => route.startsWith('/docs/api/'))
    .map((route) => ({route, markdown: markdownOf(route)}));

  for (const {method, template, operation} of sample) {
    test(`${method} ${template}`, () => {
      const page = referencePages.find(({markdown}) =>
        markdown.includes(`**${method}** \`${template}\``),
      );
      assert.ok(page, 'a page shows the method and path');
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.name);
      for (const parameter of parameters) {
        assert.match(page.markdown, new RegExp(`^\\| \`${parameter.name}\` \\|`, 'm'), `${page.route}: ${parameter.name}`);
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const field of Object.keys(body?.properties ?? {})) {
        assert.match(page.markdown, new RegExp(`^\\| \`${field}\` \\|`, 'm'), `${page.route}: body field ${field}`);
      }
      assert.match(page.markdown, /^## Responses$/m);
      assert.match(page.markdown, /^### Example request\n\n```http\n/m);
    });
  }

  test('nested fields are rows named by their path', () => {
    const nested = referencePages.filter(({markdown}) => /^\| `[a-z_]+(\[\])?\.[a-z_]+` \|/m.test(markdown));
    assert.ok(nested.length > 20, `${nested.length} pages`);
  });
});

describe('llms.txt', () => {
  const links = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.+))?$/gm)];

  test('lists the earlier releases of the reference by their index alone, under Optional', () => {
    const releases = links.filter((match) => match[2].includes('/docs/api/releases'));
    assert.deepEqual(
      releases.map((match) => match[2]),
      [`${siteUrl}${markdownPath('/docs/api/releases/')}`],
    );
    const optional = llms.slice(llms.indexOf('## Optional'), llms.indexOf('## Downloads'));
    assert.ok(optional.includes(releases[0][0]), 'the releases index is under Optional');
    assert.ok(!llmsFull.includes('This page shows [release'), 'llms-full.txt holds no page of an earlier release');
  });

  test('follows the llmstxt.org format: title, summary, then sections of links', () => {
    const [title, summary] = llms.split('\n\n');
    assert.match(title, /^# \S.*$/);
    assert.match(summary, /^> \S[^\n]+$/);
    assert.deepEqual(
      [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]),
      ['Documentation', 'API reference', 'Sample pet store API', 'API changelog', 'Blog', 'Optional', 'Downloads'],
    );
    for (const line of llms.split('\n').filter((text) => text.startsWith('- '))) {
      assert.match(line, /^- \[[^\]]+\]\(https?:\/\/[^)]+\): \S/, line);
    }
  });

  // The earlier releases of the reference have their Markdown like every page, but an agent reading
  // llms.txt is led to the current reference: only the releases' index is listed.
  const earlierRelease = (route) => /^\/docs\/api\/releases\/./.test(route);

  test('every docs and reference page of the sitemap is linked, by its Markdown address', () => {
    const linked = new Set(links.map((match) => match[2]));
    const unlisted = documentation.filter(
      (route) => !earlierRelease(route) && !linked.has(`${siteUrl}${markdownPath(route)}`),
    );
    assert.deepEqual(unlisted, []);
  });

  test('every link leads to a file of the build', () => {
    for (const [, , url] of links) {
      assert.ok(existsSync(path.join(build, new URL(url).pathname)), url);
    }
  });

  test('says under its summary where the MCP server answers, how to run it, and which guide connects an assistant', () => {
    const blocks = llms.split('\n\n');
    const preamble = blocks.slice(2, blocks.findIndex((block) => block.startsWith('Every page listed below')));
    assert.equal(preamble.length, 3, preamble.join('\n\n'));
    assert.ok(preamble.every((paragraph) => !paragraph.includes('\n')), 'one line each');
    assert.ok(preamble[0].includes(`${siteUrl}${MCP_PATH} `), preamble[0]);
    assert.ok(preamble[1].includes(`\`npx -y ${siteUrl}${MCP_PACKAGE_PATH}\``), preamble[1]);
    const guide = /\]\((\S+)\)/.exec(preamble[2])?.[1];
    assert.equal(guide, `${siteUrl}${markdownPath(MCP_GUIDE_PATH)}`);
    assert.ok(existsSync(path.join(build, new URL(guide).pathname)), guide);
    assert.ok(llmsFull.startsWith(blocks.slice(0, 2 + preamble.length).join('\n\n')), 'llms-full.txt opens the same way');
  });

  test('the documentation follows the sidebar: the introduction first, the remarks last', () => {
    const docs = llms.split('## Documentation\n\n')[1].split('\n\n')[0].split('\n');
    assert.match(docs[0], /\/docs\/docs\/intro\.md\)/);
    assert.match(docs.at(-1), /\/docs\/docs\/remarks\.md\)/);
  });
});

// The guide's commands and files are made in the page (src/components/McpSetup) from the build's
// origin: its Markdown must hold them whole, as a reader copies them.
describe('the guide to AI assistants, in Markdown', () => {
  const markdown = markdownOf(MCP_GUIDE_PATH);
  const server = `${siteUrl}${MCP_PATH}`;
  const pkg = `${siteUrl}${MCP_PACKAGE_PATH}`;
  const blocks = [...markdown.matchAll(/(?:^`([^`\n]+)`\n\n)?^```(\w+)\n([\s\S]*?)\n```$/gm)].map(
    ([, title, language, code]) => ({title, language, code}),
  );

  test('holds every command, with the addresses of this build', () => {
    assert.deepEqual(
      blocks.filter(({language}) => language === 'bash').map(({code}) => code),
      [
        `claude mcp add --transport http ${MCP_CLIENT_NAME} ${server}`,
        `claude mcp add ${MCP_CLIENT_NAME} -- npx -y ${pkg}`,
        `npx -y ${pkg}`,
        `npx @modelcontextprotocol/inspector --cli ${server} --transport http --method tools/list`,
      ],
    );
  });

  test('holds every configuration file as JSON under its file name, the server under its name', () => {
    const files = blocks.filter(({language}) => language === 'json');
    assert.deepEqual(
      files.map(({title}) => title),
      ['claude_desktop_config.json', '.cursor/mcp.json', '.cursor/mcp.json', '.vscode/mcp.json', '.vscode/mcp.json'],
    );
    const entries = files.map(({code}) => {
      const file = JSON.parse(code);
      return (file.mcpServers ?? file.servers)[MCP_CLIENT_NAME];
    });
    assert.deepEqual(entries, [
      {command: 'npx', args: ['-y', pkg]},
      {url: server},
      {command: 'npx', args: ['-y', pkg]},
      {type: 'http', url: server},
      {type: 'stdio', command: 'npx', args: ['-y', pkg]},
    ]);
  });

  test('holds the install links of Cursor and VS Code whole, with the entries of the files', () => {
    // A link's address as Markdown reads it: a backslash before punctuation escapes it (`\&`).
    const address = (pattern) => (pattern.exec(markdown)?.[1] ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    const cursor = new URL(address(/\[Add to Cursor\]\((cursor:[^)]+)\)/) || 'missing:');
    assert.equal(cursor.searchParams.get('name'), MCP_CLIENT_NAME);
    assert.deepEqual(JSON.parse(Buffer.from(cursor.searchParams.get('config') ?? '', 'base64').toString()), {
      url: server,
    });
    const vscode = address(/\[Add to VS Code\]\(vscode:mcp\/install\?([^)]+)\)/);
    assert.deepEqual(JSON.parse(decodeURIComponent(vscode)), {name: MCP_CLIENT_NAME, type: 'http', url: server});
  });

  test('names the addresses in its prose, and leaves no code empty', () => {
    assert.ok(markdown.includes(`\`${server}\``));
    assert.ok(markdown.includes(`\`${MCP_CLIENT_NAME}\``));
    assert.doesNotMatch(markdown, /(?<!`)``(?!`)|\]\(\)/);
  });
});

describe('llms-full.txt', () => {
  test('holds every linked page, in the order of llms.txt', () => {
    const pages = [...llms.matchAll(/^- \[[^\]]+\]\(([^)]+\.md)\)/gm)].map((match) => new URL(match[1]).pathname);
    let from = 0;
    for (const file of pages) {
      const markdown = readFileSync(path.join(build, file), 'utf8');
      const at = llmsFull.indexOf(markdown, from);
      assert.ok(at >= from, `${file} in order`);
      from = at + markdown.length;
    }
  });
});
