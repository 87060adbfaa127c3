import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComplaintStatus, type ComplaintSubject, fillPath } from '@taxi/shared';
import { buildUrl, type QueryValue } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { getToken } from '../../api/session';

export const complaintKeys = {
  all: ['complaints'] as const,
  log: (params: Record<string, QueryValue>) => ['complaints', 'log', params] as const,
  detail: (id: number) => ['complaints', 'detail', id] as const,
  captain: (id: number) => ['complaints', 'captain', id] as const,
};

/** A page of the complaint log (GET complaints), the previous page kept while the next loads. */
export function useComplaintLog(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: complaintKeys.log(params),
    queryFn: ({ signal }) => apiData(endpoints.complaintLog, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useComplaintDetail(id: number | null) {
  return useQuery({
    queryKey: complaintKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.complaintDetail, { params: { id: id ?? 0 }, signal }),
    enabled: !!id,
  });
}

export function useCaptainComplaints(captainId: number) {
  return useQuery({
    queryKey: complaintKeys.captain(captainId),
    queryFn: ({ signal }) => apiData(endpoints.captainComplaintsNoBooking, { params: { id: captainId }, signal }),
    enabled: captainId > 0,
    retry: false,
  });
}

/** `wav_files[i]` and the other fields as one multipart body. */
function formOf(fields: Record<string, string>, files: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, file] of files.entries())
    form.append(`wav_files[${i}]`, file, file instanceof File ? file.name : `voice-${i + 1}.wav`);
  return form;
}

export interface FileComplaintInput {
  subject: ComplaintSubject;
  id: number;
  description: string;
  files: Blob[];
}

/** Files a complaint against a booking, a captain or a passenger (the description only when non-empty). */
export function useFileComplaint() {
  const qc = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useApiMutation({
    mutationFn: ({ subject, id, description, files }: FileComplaintInput) => {
      const fields: Record<string, string> = description.trim() ? { description: description.trim() } : {};
      if (subject === 'booking') fields.booking_id = String(id);
      const endpoint =
        subject === 'booking'
          ? endpoints.createComplaint
          : subject === 'captain'
            ? endpoints.createCaptainComplaint
            : endpoints.createPassengerComplaint;
      return api(endpoint, { params: { id }, body: formOf(fields, files), idempotencyKey: idempotency.key() });
    },
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

export function useAddComment(complaintId: number) {
  const qc = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useApiMutation({
    mutationFn: ({ comment, files }: { comment: string; files: Blob[] }) =>
      api(endpoints.addComplaintComment, {
        params: { complaintId },
        body: formOf({ comment }, files),
        idempotencyKey: idempotency.key(),
      }),
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

export function useUpdateStatus(complaintId: number) {
  const qc = useQueryClient();
  return useApiMutation({
    mutationFn: (status: ComplaintStatus) =>
      api(endpoints.updateComplaintStatus, { params: { id: complaintId }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

/** A recording's bytes (the call needs the bearer token, so an <audio src> cannot fetch it itself). */
export async function fetchRecording(path: string): Promise<Blob> {
  const res = await fetch(buildUrl(path), { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok) throw new Error(res.statusText);
  return res.blob();
}

export const complaintAudioPath = (complaintId: number, fileName: string) =>
  fillPath(endpoints.complaintAudio.path, { id: complaintId, fileName });
export const commentAudioPath = (commentId: number, fileName: string) =>
  fillPath(endpoints.commentAudio.path, { commentId, fileName });
