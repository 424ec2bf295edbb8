/**
 * Reading the pay page's form post, or saying in a sentence why it cannot be read. The form is four
 * short fields and a token: a body a thousand times larger, of another type, or malformed is not
 * this page's form, and is refused before anything is authorized (4xx, never a 500).
 */
export const PAY_FORM_MAX_BYTES = 16 * 1024;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export interface FormRefusal {
  status: 400 | 413 | 415;
  /** What was wrong, for the person who sent it. */
  message: string;
}

export type ReadForm = { form: Record<string, string> } | { refused: FormRefusal };

export async function readPayForm(request: Request): Promise<ReadForm> {
  const type = request.headers.get('content-type') ?? '';
  const mediaType = type.split(';')[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) {
    return { refused: { status: 415, message: `The payment form is sent as ${FORM_TYPES.join(' or ')}; this request was ${mediaType || 'of no type'}. Nothing was charged.` } };
  }
  const tooLarge: ReadForm = { refused: { status: 413, message: `The payment form was larger than ${PAY_FORM_MAX_BYTES / 1024} KiB, far more than its fields can hold. Nothing was charged.` } };
  if (Number(request.headers.get('content-length') ?? 0) > PAY_FORM_MAX_BYTES) return tooLarge;
  const body = await readCapped(request, PAY_FORM_MAX_BYTES);
  if (!body) return tooLarge;
  try {
    const form: Record<string, string> = {};
    // Parsed from the bytes already read, so the cap holds for a body sent without a length.
    for (const [name, value] of await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()) {
      if (typeof value === 'string') form[name] = value;
    }
    return { form };
  } catch {
    return { refused: { status: 400, message: `The payment form could not be read: its body is not valid ${mediaType}. Nothing was charged; fill in the form again.` } };
  }
}

/** The body, or null once it passes `max` bytes (reading stops there). */
async function readCapped(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
