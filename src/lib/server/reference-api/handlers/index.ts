// Which handler serves which catalogue endpoint id.
import type { Handler } from './context';
import {
	deleteMembership,
	getGoals,
	getSettings,
	getTimezone,
	getTrends,
	getUser,
	getUserImage,
	listFriends,
	refreshToken,
	updateGoals
} from './account';
import { getImage, getMoodOfDay, getRecord, getSnapshot, getTicks, listRecords } from './read';
import {
	createBodyEvent,
	createCardiacEvent,
	createGenericEvent,
	createMeal,
	createMood,
	createSleep,
	createWorkout,
	deleteRecord,
	updateGenericEvent,
	updateMeal,
	updateWorkout
} from './write';

const SPECIFIC: Record<string, Handler> = {
	'mood.daily': getMoodOfDay,
	'workouts.create': createWorkout,
	'workouts.update': updateWorkout,
	'sleeps.create': createSleep,
	'body_events.create': createBodyEvent,
	'mood.create': createMood,
	'meals.create': createMeal,
	'meals.update': updateMeal,
	'generic_events.create': createGenericEvent,
	'generic_events.update': updateGenericEvent,
	'cardiac_events.create': createCardiacEvent,
	'goals.get': getGoals,
	'goals.update': updateGoals,
	'settings.get': getSettings,
	'user.get': getUser,
	'user.image': getUserImage,
	'friends.list': listFriends,
	'timezone.get': getTimezone,
	'trends.get': getTrends,
	'token.refresh': refreshToken,
	'membership.delete': deleteMembership
};

/** The handler of an endpoint id; the record families share theirs by the id's suffix. */
export function handlerFor(id: string): Handler | undefined {
	const specific = SPECIFIC[id];
	if (specific !== undefined) return specific;
	const action = id.slice(id.indexOf('.') + 1);
	switch (action) {
		case 'list':
			return listRecords;
		case 'get':
			return getRecord;
		case 'image':
			return getImage;
		case 'ticks':
			return getTicks;
		case 'snapshot':
			return getSnapshot;
		case 'delete':
			return deleteRecord;
		default:
			return undefined;
	}
}
