// JSON shapes of the HTTP API, shared by the Worker and the client.

export type HealthResponse = {
  ok: true;
  version: string;
};

export type ApiErrorCode = 'not-found' | 'internal';

export type ApiError = {
  error: {
    code: ApiErrorCode;
    message: string;
  };
};
