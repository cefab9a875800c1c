import { ApiRequestError, getErrorMessage } from '@/lib/api-client';

/** Server field errors for a Mantine form, and the message for the form's alert. */
export function serverErrors(error: unknown): { fields: Record<string, string>; message: string } {
  const fields = error instanceof ApiRequestError ? error.fields : {};
  return { fields, message: getErrorMessage(error) };
}
