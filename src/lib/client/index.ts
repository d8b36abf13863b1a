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
	GoalChanges,
	ListQuery,
	NewMood,
	NewWeighIn,
	RequestOptions,
	TrendSeries,
	TrendsQuery
} from './api-client';
export { ApiError, CLIENT_ERROR_TYPES, isAbortError } from './api-error';
