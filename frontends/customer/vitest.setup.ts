// Cleanup after each test and the async utilities' timeout, shared by both apps.
import '@gleba/ui/testing/setup';
