/**
 * Short names that mean the product itself: "Postgres" is PostgreSQL, "JS" is JavaScript. The
 * embedder's synonyms and the entity guard both fold them, so a question that names a product by
 * its short name is not refused as naming another one.
 */
export const PRODUCT_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  javascript: ['js'],
  typescript: ['ts'],
  python: ['py'],
  postgresql: ['postgres', 'pg'],
  mongodb: ['mongo'],
  kubernetes: ['k8s'],
  macos: ['mac', 'osx'],
};
