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
        showDeveloperTools: 'never',
        // The hosted AI agent needs Scalar's cloud; this reference works offline.
        agent: { disabled: true },
        defaultOpenAllTags: true,
        authentication: {
          preferredSecurityScheme: 'ApiKeyAuth',
          securitySchemes: { ApiKeyAuth: { name: 'x-api-key', in: 'header', value: '' } },
        },
        metaData: { title: 'Boardkit API reference' },
      }}
    />
  );
}
