export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
