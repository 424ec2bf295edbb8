'use client';

import { useEffect, useRef, useState } from 'react';

/** A command to paste into a terminal, with a button that copies it. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<boolean | undefined>();

  useEffect(() => {
    if (copied === undefined) return;
    const reset = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(reset);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard API (a page served over plain http on another host): select the text, so
      // Ctrl+C takes it.
      const range = document.createRange();
      range.selectNodeContents(pre.current!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied(false);
    }
  }

  return (
    <div className="code-block">
      {/* Focusable so that a keyboard can scroll a long line. */}
      <pre ref={pre} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <button type="button" onClick={copy} aria-label={`Copy: ${label}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="visually-hidden">
        {copied === true ? 'Copied to the clipboard.' : copied === false ? 'Selected: press Ctrl+C (⌘C) to copy.' : ''}
      </span>
    </div>
  );
}
