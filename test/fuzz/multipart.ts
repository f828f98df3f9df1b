// A multipart/form-data body written by hand, so that it can be wrong in the ways a browser's never is
// (names, file names and types chosen freely, NULs included).
const CRLF = '\r\n';

export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[], boundary = 'BoardFuzzBoundary7MA4YWxkTrZu0gW') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.type ? `Content-Type: ${part.type}${CRLF}` : ''}${CRLF}`,
      ),
      Buffer.from(part.value),
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new Uint8Array(Buffer.concat(chunks)),
  };
}

/** The smallest file the apply form's type check reads as a PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
