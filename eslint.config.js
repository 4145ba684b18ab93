// Lint of the whole tree, run by `npm test` (`npm run lint`). Type-aware: each file is checked with the tsconfig that
// builds it (the project service finds it), so that rules such as no-floating-promises see the real types.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', 'test-results/', 'resources/', '.scratch-build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
  },
  {
    rules: {
      // A leading underscore names what is there on purpose and not used (a parameter an interface imposes, a member
      // left out of a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Implementing an async interface (a driver, a transport, a fake) without awaiting anything is not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests and benchmarks read the service's answers as untyped JSON on purpose: asserting their shape is the test.
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // electron-builder loads its hooks with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // React ignores what an event handler returns; an async handler is how a click awaits a call and shows its
      // outcome (each catches its own failure). Promises passed anywhere else are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // What follows from props or queries is computed while rendering; what an event causes is done in its handler.
      'react-hooks/set-state-in-effect': 'error',
    },
  },
  {
    // Screens read and change the service's data through their feature's queries.ts and mutations.ts (query keys
    // and invalidation in one place), never with a query or mutation of their own.
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useMutation', 'useSuspenseQuery', 'queryOptions'],
              message: "Use (or add) a hook in the feature's queries.ts or mutations.ts.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
