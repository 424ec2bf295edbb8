'use client';

import { useEffect, useRef, useState } from 'react';

interface ScalarInstance {
  destroy(): void;
}

declare global {
  interface Window {
    __zod_globalConfig?: { jitless?: boolean };
    Scalar?: { createApiReference(mount: Element, configuration: Record<string, unknown>): ScalarInstance };
  }
}

// Everything the reference needs comes from this service. Without these options Scalar fetches
// its fonts from fonts.scalar.com, offers its hosted AI chat, and (on localhost) a developer
// toolbar and a "Generate MCP" button that uploads this document to Scalar's dashboard.
const CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  defaultOpenAllTags: true,
};

let loading: Promise<void> | undefined;

/** Loads the bundle once per page, however often the component mounts. */
function loadBundle(src: string): Promise<void> {
  // Scalar's bundled zod probes for eval (Function('')) to compile its validators unless told to
  // run without it; the page's CSP refuses eval, and the probe would be reported as a violation.
  window.__zod_globalConfig = { ...window.__zod_globalConfig, jitless: true };
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
  return loading;
}

export function ApiReference({ bundleUrl }: { bundleUrl: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let instance: ScalarInstance | undefined;
    let unmounted = false;
    loadBundle(bundleUrl).then(
      () => {
        if (unmounted || !mount.current || !window.Scalar) return;
        instance = window.Scalar.createApiReference(mount.current, CONFIGURATION);
        setState('ready');
      },
      () => !unmounted && setState('failed'),
    );
    return () => {
      unmounted = true;
      instance?.destroy();
    };
  }, [bundleUrl]);

  return (
    <>
      {state !== 'ready' && (
        <p className="docs-status" role="status">
          {state === 'loading' ? 'Loading the API reference…' : 'The API reference could not be loaded. '}
          {state === 'failed' && <a href="/api/openapi.json">Read the OpenAPI document</a>}
        </p>
      )}
      {/* Scalar (Vue) owns this element's children; it must be empty when it mounts. */}
      <div ref={mount} />
    </>
  );
}
