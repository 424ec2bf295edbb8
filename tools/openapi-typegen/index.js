// openapi-typescript, resolved from this folder so that it loads the TypeScript 5 its peer range needs
// (the project itself type-checks with TypeScript 7, whose package has no compiler API for it).
export { default, astToString } from 'openapi-typescript';
