// Names what an Apple Health export holds that the API has no place for, so the summary can say it was left out.
import { withThousands } from './health-time';

/** What a person calls the records of a type, read after a count ("170 flights climbed"). */
const NAMES: Readonly<Record<string, string>> = {
	HKQuantityTypeIdentifierFlightsClimbed: 'flights climbed',
	HKQuantityTypeIdentifierHeartRate: 'heart-rate samples',
	HKQuantityTypeIdentifierHeight: 'height measurements',
	HKQuantityTypeIdentifierBloodGlucose: 'blood-glucose readings',
	HKQuantityTypeIdentifierOxygenSaturation: 'blood-oxygen (SpO2) readings',
	HKQuantityTypeIdentifierHeartRateVariabilitySDNN: 'heart-rate-variability (HRV) readings',
	HKQuantityTypeIdentifierVO2Max: 'VO2 max estimates',
	HKQuantityTypeIdentifierRespiratoryRate: 'respiratory-rate readings',
	HKQuantityTypeIdentifierWalkingHeartRateAverage: 'walking heart-rate averages',
	HKQuantityTypeIdentifierAppleExerciseTime: 'exercise-minute samples',
	HKQuantityTypeIdentifierAppleStandTime: 'stand-minute samples',
	HKQuantityTypeIdentifierDistanceCycling: 'cycling-distance samples',
	HKQuantityTypeIdentifierDistanceSwimming: 'swimming-distance samples',
	HKQuantityTypeIdentifierBodyTemperature: 'body-temperature readings',
	HKQuantityTypeIdentifierDietaryWater: 'water intakes',
	HKQuantityTypeIdentifierDietaryCaffeine: 'caffeine intakes',
	HKQuantityTypeIdentifierEnvironmentalAudioExposure: 'noise-level samples',
	HKQuantityTypeIdentifierHeadphoneAudioExposure: 'headphone-level samples',
	HKCategoryTypeIdentifierMindfulSession: 'mindful sessions',
	HKCategoryTypeIdentifierAppleStandHour: 'stand hours',
	HKCategoryTypeIdentifierHighHeartRateEvent: 'high-heart-rate notifications',
	HKCategoryTypeIdentifierLowHeartRateEvent: 'low-heart-rate notifications',
	HKCategoryTypeIdentifierIrregularHeartRhythmEvent: 'irregular-rhythm notifications',
	HKCategoryTypeIdentifierMenstrualFlow: 'menstrual-flow entries',
	ActivitySummary: 'activity-ring days',
	ClinicalRecord: 'clinical records',
	Audiogram: 'audiograms',
	VisionPrescription: 'vision prescriptions'
};

const PREFIX = /^HK(?:Quantity|Category|Correlation|Data)TypeIdentifier/;

/**
 * The name of a record type for the summary: a known one in plain words, any other from its
 * identifier ("HKQuantityTypeIdentifierDietaryZinc" → "dietary zinc records").
 */
export function notImportedName(type: string): string {
	const known = NAMES[type];
	if (known !== undefined) return known;
	const words = type
		.replace(PREFIX, '')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.slice(0, 60);
	return `${words || 'unnamed'} records`;
}

/** "1 flight climbed", "1 stand hour": a name for one, from the name for several. */
function one(name: string): string {
	if (name === 'flights climbed') return 'flight climbed';
	return name.replace(/s$/, '');
}

/** "170 flights climbed, 2 stand hours": the summary's list, largest first. */
export function notImportedList(counts: Readonly<Record<string, number>>): string {
	return Object.entries(counts)
		.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
		.map(([what, count]) => `${withThousands(count)} ${count === 1 ? one(what) : what}`)
		.join(', ');
}
