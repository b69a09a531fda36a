// Mini-programs have no document to start a request before the app: nothing to take (the H5 build has
// earlyAnswers.h5.ts). A module of its own so that instance.ts imports the same name on every platform.
export {}
