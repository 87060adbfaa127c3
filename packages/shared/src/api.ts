/** Shapes of the Laravel-style API (ARCHITECTURE.md "API conventions"). */
export interface Envelope<T> {
  data: T;
  message?: string;
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  next_page_url: string | null;
}

export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const API_BASE = '/api';
