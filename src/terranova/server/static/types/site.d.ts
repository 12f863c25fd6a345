// The site's own types, beside the server's messages (protocol.d.ts): what the DOM
// helpers of common.js take. Declarations only (docs/web-ui.md, "Typed browser code").

/** What `h` takes as children: nodes, texts, numbers, nested lists; null, undefined and
 * false are left out. */
export type Child = Node | string | number | boolean | null | undefined | Child[];
