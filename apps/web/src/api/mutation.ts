import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { errorMessage } from './client';
import { toast } from './toast';

/** The error toast of every write: the server's message, or `fallback` (MSG.networkError by default). */
export function toastError(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback));
}

export interface ApiMutationOptions<TData, TVariables> extends UseMutationOptions<TData, Error, TVariables> {
  /** Shown when the server gives no message. */
  errorFallback?: string;
  /** The toast's text for this error when it is not the server's message (null: no toast). */
  errorText?: (error: Error) => string | null;
}

/**
 * useMutation with the app's one error path: every failure is toasted (errorText, else the server's message
 * or errorFallback) before the caller's own onError (field errors, refetches) runs.
 */
export function useApiMutation<TData = unknown, TVariables = void>({
  errorFallback,
  errorText,
  onError,
  ...options
}: ApiMutationOptions<TData, TVariables>) {
  return useMutation<TData, Error, TVariables>({
    ...options,
    onError: (error, variables, onMutateResult, context) => {
      const text = errorText ? errorText(error) : errorMessage(error, errorFallback);
      if (text !== null) toast.error(text);
      return onError?.(error, variables, onMutateResult, context);
    },
  });
}
