/// Shared helpers for the app.
public enum Kit {}
