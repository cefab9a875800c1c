export declare const SUBJECT_MAX: number;
export declare function subjectOf(message: string): string;
export declare function commitMessageProblem(message: string): string | null;
