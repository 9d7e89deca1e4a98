/**
 * The languages a request is shown in, in order: the request panel of a
 * reference page (the OpenAPI theme's `themeConfig.languageTabs`, set from
 * this list in docusaurus.config.ts) and every request of a guide
 * (src/remark/request-samples, src/components/RequestSamples) offer the same
 * ones, so a reader's choice in one applies in the other.
 */
export interface CodeSampleLanguage {
  /** The theme's language key, also the value a reader's choice is stored as. */
  readonly language: string;
  /** The name a guide's tab shows. */
  readonly label: string;
  /** The Prism language its code is highlighted as. */
  readonly highlight: string;
  /** The theme's logo class for its tab in the request panel. */
  readonly logoClass: string;
  /**
   * The postman-code-generators variant, when not the first one the request
   * panel lists for the language (src/plugins/api-reference-bundle/code-generators.cjs).
   */
  readonly variant?: string;
}

export const CODE_SAMPLE_LANGUAGES: readonly CodeSampleLanguage[] = [
  {language: 'curl', label: 'curl', highlight: 'bash', logoClass: 'curl'},
  {language: 'nodejs', label: 'Node.js', highlight: 'javascript', logoClass: 'nodejs'},
  {language: 'python', label: 'Python', highlight: 'python', logoClass: 'python'},
  {language: 'go', label: 'Go', highlight: 'go', logoClass: 'go'},
  {language: 'java', label: 'Java', highlight: 'java', logoClass: 'java', variant: 'unirest'},
  {language: 'php', label: 'PHP', highlight: 'php', logoClass: 'php'},
];

/**
 * Where the reader's language is kept in the browser's storage: the request
 * panel's code samples are `<Tabs groupId="code-samples">`, whose choice
 * Docusaurus keeps under `docusaurus.tab.<groupId>` (theme-common's
 * tabsUtils), and the OpenAPI theme's CodeSnippets reads under this name.
 * tests/unit/request-samples.test.mjs checks both still use it.
 */
export const CODE_SAMPLES_STORAGE_KEY = 'docusaurus.tab.code-samples';

/**
 * The options the request panel gives every code generator (the OpenAPI
 * theme's `generateLanguageSet`, in ApiExplorer/CodeSnippets/languages.js), so
 * a guide's code reads as the panel's.
 */
export const CODE_GENERATOR_OPTIONS: Readonly<Record<string, boolean>> = {
  longFormat: false,
  followRedirect: true,
  trimRequestBody: true,
};

/** `themeConfig.languageTabs` of the OpenAPI theme: the list above, as the theme reads it. */
export function languageTabs(): {highlight: string; language: string; logoClass: string; variant?: string}[] {
  return CODE_SAMPLE_LANGUAGES.map(({language, highlight, logoClass, variant}) => ({
    highlight,
    language,
    logoClass,
    ...(variant ? {variant} : {}),
  }));
}

/** The code of one language of a request, written while the site is built: its text and its tokens (src/remark/code-tokens.ts). */
export interface BuiltSample {
  readonly code: string;
  readonly tokens: string;
}

/**
 * The code of a page's requests in the languages after the first, which the
 * page loads when a reader picks one of them: one entry per request of the
 * page, in order, each by language.
 */
export type PageSamples = readonly Readonly<Record<string, BuiltSample>>[];
