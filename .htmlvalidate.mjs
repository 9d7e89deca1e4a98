// html-validate's configuration for the built pages (tests/build/every-page.test.mjs runs it on
// every page of build/; `npx html-validate build/docs/docs/intro/index.html` checks one by hand).
//
// The presets: valid HTML (`standard`), a whole document (`document`: doctype, <html lang>, one
// <title>) and the accessibility rules that need no layout (`a11y`: images without text, links
// and buttons without a name, form fields without a label, table headers, landmarks, heading
// order). What is turned off or changed below is markup the framework writes, each with why.
// Upgrade: UPGRADING.md#html-validate-in-the-page-checks-testssupportpage-checksmjs.

/** @type {import('html-validate').ConfigData} */
const config = {
  root: true,
  extends: ['html-validate:standard', 'html-validate:document', 'html-validate:a11y'],
  elements: [
    'html5',
    {
      // Docusaurus's code blocks (theme-classic CodeBlock/Line) put each line in a <div> inside
      // <code>, whose content model is phrasing content. Browsers draw it as intended; every
      // other element's content model is still checked.
      code: {permittedContent: ['@phrasing', 'div']},
    },
  ],
  rules: {
    // Subresource integrity protects files fetched from another origin; every script and
    // stylesheet of the portal comes from its own origin.
    'require-sri': 'off',
    // A style preference, not a fault: the theme gives generic elements a landmark or widget role
    // (the announcement bar's role="banner", the navbar dropdown's <a role="button">), which ARIA
    // allows. axe-core judges the roles themselves in the browser tests.
    'prefer-native-element': 'off',
    // The theme's external-link icon (IconExternalLink) carries aria-label="(opens in new tab)" on
    // an <svg>; allowed by ARIA, and it is how the link tells it opens a new tab.
    'aria-label-misuse': 'off',
    // The HTML minifier writes a bare "&" where HTML reads it as text ("?page=1&order=ASC" in
    // code: "&order" is a reference only with its semicolon), and the rule takes it for a
    // reference that lacks one.
    'unrecognized-char-ref': 'off',
  },
};

export default config;
