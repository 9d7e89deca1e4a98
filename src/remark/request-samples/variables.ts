/**
 * Values a request reads from the reader's environment, as a shell command
 * would: `$ACCESS_TOKEN` in a header, a path, a query or a body, and HTTP
 * Basic credentials written `Authorization: Basic $CLIENT_ID:$CLIENT_SECRET`.
 *
 * The code generators know nothing of them: each becomes a placeholder
 * (`__VAR0__`, letters, digits and underscores, which no generator escapes or
 * encodes) in the request given to the generator, and the string literal that
 * holds it in the generated code is then rewritten as that language's
 * concatenation of the literal's text and of its way of reading an
 * environment variable. Prism finds the literals (each language's `string`
 * tokens), so no language's quoting is parsed here.
 */
import {Prism} from 'prism-react-renderer';

import {RequestError} from './written';

export type Variable =
  | {readonly kind: 'env'; readonly name: string}
  | {readonly kind: 'basic'; readonly user: string; readonly password: string};

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const PLACEHOLDER = /__VAR(\d+)__/g;
const REFERENCE = new RegExp(`\\$(?:\\{(${NAME})\\}|(${NAME}))`, 'g');
const BASIC = new RegExp(`^Basic[ \\t]+\\$(${NAME}):\\$(${NAME})$`);

/** The variables of one request, each with its placeholder. */
export class Variables {
  readonly list: Variable[] = [];

  private add(variable: Variable): string {
    const same = this.list.findIndex((known) => JSON.stringify(known) === JSON.stringify(variable));
    const index = same >= 0 ? same : this.list.push(variable) - 1;
    return `__VAR${index}__`;
  }

  /** `text` with each `$NAME` (or `${NAME}`) replaced by its placeholder. */
  placeholders(text: string): string {
    if (/__VAR\d+__/.test(text)) {
      throw new RequestError(
        `"${text}" holds "__VAR", which the build uses for variables: write it otherwise.`,
      );
    }
    return text.replace(REFERENCE, (_whole, braced?: string, bare?: string) =>
      this.add({kind: 'env', name: braced ?? bare ?? ''}),
    );
  }

  /** An Authorization value with its placeholders; Basic credentials must be variables. */
  authorization(value: string): string {
    const basic = BASIC.exec(value);
    if (basic) return `Basic ${this.add({kind: 'basic', user: basic[1] ?? '', password: basic[2] ?? ''})}`;
    if (/^Basic\b/i.test(value)) {
      throw new RequestError(
        'Write Basic credentials as variables of the reader\'s environment, "Authorization: Basic $CLIENT_ID:$CLIENT_SECRET": each language encodes them.',
      );
    }
    return this.placeholders(value);
  }

  get(index: number): Variable {
    const variable = this.list[index];
    if (!variable) throw new Error(`request-samples: no variable ${index}`);
    return variable;
  }
}

/** How one language reads a variable and joins strings. */
interface Syntax {
  /** The Prism grammar its code is tokenized with. */
  readonly grammar: string;
  readonly concat: string;
  env(name: string): string;
  basic(user: string, password: string): string;
  /** The code with what the expressions above need (imports). */
  prepare?(code: string, used: readonly Variable[]): string;
  /** Rewrites the code before its string literals are (the shell's `-u` for Basic credentials). */
  before?(code: string, variables: Variables): string;
}

/** Adds `lines` after the last of the leading import lines of Python code. */
function addPythonImports(code: string, modules: readonly string[]): string {
  const lines = code.split('\n');
  let last = -1;
  for (const [index, line] of lines.entries()) {
    if (/^(import|from)\s/.test(line)) last = index;
    else if (line.trim() !== '') break;
  }
  const missing = modules.filter((module) => !lines.includes(`import ${module}`));
  lines.splice(last + 1, 0, ...missing.map((module) => `import ${module}`));
  return lines.join('\n');
}

/** Adds packages to the import block of Go code. */
function addGoImports(code: string, packages: readonly string[]): string {
  return code.replace(/^import \(\n([\s\S]*?)^\)/m, (whole, body: string) => {
    const missing = packages.filter((name) => !body.includes(`"${name}"`));
    if (missing.length === 0) return whole;
    const indent = /^([ \t]*)"/m.exec(body)?.[1] ?? '  ';
    return `import (\n${body}${missing.map((name) => `${indent}"${name}"\n`).join('')})`;
  });
}

const hasBasic = (used: readonly Variable[]) => used.some((variable) => variable.kind === 'basic');

const SYNTAX: Readonly<Record<string, Syntax>> = {
  curl: {
    grammar: 'bash',
    concat: '',
    env: (name) => `"$${name}"`,
    basic: (user, password) => `"$${user}:$${password}"`,
    before: (code, variables) =>
      code.replace(/(?:-H|--header) 'authorization: Basic __VAR(\d+)__'/gi, (whole, index: string) => {
        const variable = variables.get(Number(index));
        return variable.kind === 'basic' ? `-u "$${variable.user}:$${variable.password}"` : whole;
      }),
  },
  nodejs: {
    grammar: 'javascript',
    concat: ' + ',
    env: (name) => `process.env.${name}`,
    basic: (user, password) =>
      `Buffer.from(process.env.${user} + ':' + process.env.${password}).toString('base64')`,
  },
  python: {
    grammar: 'python',
    concat: ' + ',
    env: (name) => `os.environ["${name}"]`,
    basic: (user, password) =>
      `base64.b64encode((os.environ["${user}"] + ":" + os.environ["${password}"]).encode()).decode()`,
    prepare: (code, used) => addPythonImports(code, hasBasic(used) ? ['base64', 'os'] : ['os']),
  },
  go: {
    grammar: 'go',
    concat: ' + ',
    env: (name) => `os.Getenv("${name}")`,
    basic: (user, password) =>
      `base64.StdEncoding.EncodeToString([]byte(os.Getenv("${user}") + ":" + os.Getenv("${password}")))`,
    prepare: (code, used) => addGoImports(code, hasBasic(used) ? ['os', 'encoding/base64'] : ['os']),
  },
  java: {
    grammar: 'java',
    concat: ' + ',
    env: (name) => `System.getenv("${name}")`,
    basic: (user, password) =>
      `java.util.Base64.getEncoder().encodeToString((System.getenv("${user}") + ":" + System.getenv("${password}")).getBytes())`,
  },
  php: {
    grammar: 'php',
    concat: ' . ',
    env: (name) => `getenv('${name}')`,
    basic: (user, password) => `base64_encode(getenv('${user}') . ':' . getenv('${password}'))`,
  },
};

type PrismToken = string | {type: string; alias?: string | string[]; content: PrismToken | PrismToken[]};

function textOf(token: PrismToken | PrismToken[]): string {
  if (typeof token === 'string') return token;
  if (Array.isArray(token)) return token.map(textOf).join('');
  return textOf(token.content);
}

/** The start and end of each string literal of `code` that holds a placeholder. */
function literalsWithPlaceholders(code: string, grammar: string): [number, number][] {
  const language = Prism.languages[grammar];
  if (!language) throw new Error(`request-samples: Prism has no grammar ${grammar}`);
  const found: [number, number][] = [];
  let at = 0;
  for (const token of Prism.tokenize(code, language) as PrismToken[]) {
    const text = textOf(token);
    if (typeof token !== 'string' && /string/.test(token.type) && /__VAR\d+__/.test(text)) {
      found.push([at, at + text.length]);
    }
    at += text.length;
  }
  return found;
}

/** A shell literal in single quotes, as one that expands its variables where it can. */
function shellLiteral(inner: string, variables: Variables): string {
  const parts = inner.split(/(__VAR\d+__)/);
  const literal = parts.filter((_part, index) => index % 2 === 0);
  if (literal.every((part) => !/["$`\\!]/.test(part))) {
    return `"${parts
      .map((part, index) => {
        if (index % 2 === 0) return part;
        const variable = variables.get(Number(/\d+/.exec(part)?.[0]));
        if (variable.kind !== 'env')
          throw new Error('request-samples: Basic credentials inside a shell string');
        const next = parts[index + 1] ?? '';
        return /^[A-Za-z0-9_]/.test(next) ? `\${${variable.name}}` : `$${variable.name}`;
      })
      .join('')}"`;
  }
  return parts
    .map((part, index) => {
      if (index % 2 === 0) return part === '' ? '' : `'${part}'`;
      const variable = variables.get(Number(/\d+/.exec(part)?.[0]));
      if (variable.kind !== 'env')
        throw new Error('request-samples: Basic credentials inside a shell string');
      return `"$${variable.name}"`;
    })
    .join('');
}

/**
 * The generated code of `language` with every placeholder replaced by the
 * variable it stands for. A placeholder left anywhere but in a string literal
 * is an error: the code would not say what to send.
 */
export function readVariables(language: string, code: string, variables: Variables): string {
  if (variables.list.length === 0) return code;
  const syntax = SYNTAX[language];
  if (!syntax) throw new Error(`request-samples: no way to read variables in ${language}`);
  let result = syntax.before ? syntax.before(code, variables) : code;
  const literals = literalsWithPlaceholders(result, syntax.grammar);
  for (const [start, end] of [...literals].reverse()) {
    const literal = result.slice(start, end);
    const open = /^[A-Za-z]*('''|"""|'|"|`)/.exec(literal);
    if (!open) throw new Error(`request-samples: cannot read the ${language} literal ${literal}`);
    const [prefix, quote = ''] = open;
    const inner = literal.slice(prefix.length, literal.length - quote.length);
    let rewritten: string;
    if (language === 'curl' && quote === "'") {
      rewritten = shellLiteral(inner, variables);
    } else {
      rewritten = inner
        .split(/(__VAR\d+__)/)
        .flatMap((part, index) => {
          if (index % 2 === 0) return part === '' ? [] : [`${prefix}${part}${quote}`];
          const variable = variables.get(Number(/\d+/.exec(part)?.[0]));
          return [
            variable.kind === 'env'
              ? syntax.env(variable.name)
              : syntax.basic(variable.user, variable.password),
          ];
        })
        .join(syntax.concat);
    }
    result = result.slice(0, start) + rewritten + result.slice(end);
  }
  const left = PLACEHOLDER.exec(result);
  PLACEHOLDER.lastIndex = 0;
  if (left) {
    const variable = variables.get(Number(left[1]));
    throw new RequestError(
      `the ${language} code cannot read ${variable.kind === 'env' ? `$${variable.name}` : 'the Basic credentials'} where the request has it: use a variable in a header value, the path, the query or a string of the body only.`,
    );
  }
  return syntax.prepare ? syntax.prepare(result, variables.list) : result;
}
