// postman-collection ships its declarations in a folder TypeScript does not look in; this states the
// part src/remark/request-samples uses: a request, built from its definition, for the code generators.
declare module 'postman-collection' {
  export interface RequestDefinition {
    url: string;
    method: string;
    header?: {key: string; value: string}[];
    body?: object;
  }

  export class Request {
    constructor(definition: RequestDefinition);
    readonly method: string;
  }
}
