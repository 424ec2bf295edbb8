'use client';

import { useEffect, useRef, useState } from 'react';
import { SCALAR_CONFIGURATION } from './scalar-configuration';

interface ScalarInstance {
  destroy(): void;
}

declare global {
  interface Window {
    __zod_globalConfig?: { jitless?: boolean };
    Scalar?: { createApiReference(mount: Element, configuration: Record<string, unknown>): ScalarInstance };
  }
}

let loading: Promise<void> | undefined;

/** Loads the bundle once per page, however often the component mounts. */
function loadBundle(src: string): Promise<void> {
  // Scalar's bundled zod probes for eval (Function('')) to compile its validators unless told to
  // run without it; the page's CSP refuses eval, and the probe would be reported as a violation.
  // Its zod (in Scalar 1.46) keeps its config private: patches/ makes the probe read this global,
  // as later zod releases do.
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
        instance = window.Scalar.createApiReference(mount.current, SCALAR_CONFIGURATION);
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
