// Pieces of a small web build written by a test (the server reads apps/web/dist's layout from
// config.webDist): the page template with the placeholders the server fills, and a prerendered #root.

/** dist/index.html's shape: the server fills %APP_NAME% and the app-config comment. */
export const pageTemplate = (body: string) =>
  `<!doctype html><html><head><title>%APP_NAME%</title><!--app-config--></head><body>${body}</body></html>`;

/** A prerendered #root, rendered under the product name the test servers use. */
export const prerenderedRoot = (body: string) =>
  `<div id="root" data-prerendered="en" data-app-name="TagLedger">${body}</div>`;
