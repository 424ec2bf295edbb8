/** The documentation: README.md and every markdown file under docs/, by path relative to the repository. */
import fs from 'node:fs';
import path from 'node:path';

export const REPOSITORY = path.resolve(import.meta.dirname, '../..');

export function docFiles(): string[] {
  const folder = path.join(REPOSITORY, 'docs');
  const docs = fs.existsSync(folder)
    ? fs
        .readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => path.join('docs', file))
        .sort()
    : [];
  return ['README.md', ...docs];
}

/** Each file's text, by its path relative to the repository. */
export function readDocs(files = docFiles()): Map<string, string> {
  return new Map(files.map((file) => [file, fs.readFileSync(path.join(REPOSITORY, file), 'utf8')]));
}
