// Shared library of the dashboard; see the README for the layout of its folders.
export {};
