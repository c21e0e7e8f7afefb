import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "**/.wrangler/",
      ".cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/.out/",
      "docs/api/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The toasts go through lib/toast.ts, which loads sonner with the first toast.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/toast.ts", "app/components/toasts.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "sonner",
              allowTypeImports: true,
              message: "Import { toast } from ~/lib/toast: sonner loads with the first toast.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright sets a test up from the fixtures its function names (`{ page, account }`), used
    // in the body or not.
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { args: "none", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["public/**/*.js"],
    languageOptions: {
      globals: { window: "readonly", document: "readonly", URLSearchParams: "readonly" },
    },
  },
  {
    files: [
      "scripts/**/*.mjs",
      "bench/**/*.mjs",
      "bench/**/*.js",
      ".ci/**/*.mjs",
      "tests/**/*.mjs",
    ],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        fetch: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        AbortSignal: "readonly",
        Response: "readonly",
        Buffer: "readonly",
        performance: "readonly",
        TextDecoder: "readonly",
        FormData: "readonly",
        File: "readonly",
      },
    },
  },
);
