'use client';

import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/** Scalar's interactive reference, bundled (no CDN): reads the document the API generates. */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/openapi.json',
        withDefaultFonts: false,
        hideClientButton: false,
        telemetry: false,
        metaData: { title: 'Boardkit API reference' },
      }}
    />
  );
}
