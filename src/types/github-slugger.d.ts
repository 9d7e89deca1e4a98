// github-slugger 1.x ships no declarations; this states the part scripts/mcp uses: the slugger
// Docusaurus gives headings their ids with (@docusaurus/utils' createSlugger wraps it).
declare module 'github-slugger' {
  export default class GithubSlugger {
    /** The id of a heading with this text, numbered (`-1`, `-2`) when the slugger has given it before. */
    slug(value: string, maintainCase?: boolean): string;
  }
}
