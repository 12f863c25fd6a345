// ESLint's flat configuration for the browser code: the site's modules
// (src/terranova/server/static) and every game's board (src/terranova/games/*/web), all
// ES modules run by the browser. `make lint` and `make test` run it (docs/web-ui.md).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "out/", "build/", "dist/"] },
  {
    files: ["src/terranova/server/static/**/*.js", "src/terranova/games/*/web/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
      // relaxed: a board implements an interface (types/board.d.ts) whose methods are given
      // arguments a board may not need, and a caught error the code does not read is named
      // `err` by habit; unused variables and imports are still errors
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
    },
  },
  {
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
