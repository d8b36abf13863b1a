// The typed API client and its error type.
export { createApiClient } from './api-client';
export type {
	ApiClient,
	ApiClientOptions,
	ListAllOptions,
	ListEndpoint,
	ListItems,
	ListKind,
	ListPage,
	ListQuery,
	MoodSpan,
	RequestOptions,
	TrendSeries,
	TrendsQuery
} from './api-client';
// Only the types: the write calls are imported from './write-calls' where a write is made.
export type { GoalChanges, NewMood, NewWeighIn } from './write-calls';
export { ApiError, CLIENT_ERROR_TYPES, isAbortError } from './api-error';
