/**
 * The sections of the merchant API reference. Each is one OpenAPI file under
 * `openapi/gerai/`, generated into one folder of `docs/api/` and served as a
 * download at `/openapi/gerai-<id>.yaml`.
 */
export interface GeraiApiSection {
  /** Key of the generator config and of the download file name. */
  readonly id: string;
  /** File under `openapi/gerai/`. */
  readonly file: string;
  /** Folder under `docs/api/` that receives the generated pages. */
  readonly outputDir: string;
}

export const geraiApiSections: readonly GeraiApiSection[] = [
  {id: 'outlets', file: 'outlets.yaml', outputDir: 'outlet-information'},
  {id: 'food', file: 'food.yaml', outputDir: 'food-integration'},
  {id: 'payment', file: 'payment.yaml', outputDir: 'payment-integration'},
  {id: 'pos', file: 'pos.yaml', outputDir: 'mokapos-integration'},
  {
    id: 'notification-subscriptions',
    file: 'notification-subscriptions.yaml',
    outputDir: 'notification-subscriptions',
  },
  {id: 'troubleshooting', file: 'troubleshooting.yaml', outputDir: 'troubleshooting'},
  {id: 'webhooks', file: 'webhooks.yaml', outputDir: 'webhooks/events'},
];

/** The download that joins every section into one description. */
export const GERAI_FULL_DOWNLOAD = 'gerai-merchant-api.yaml';
