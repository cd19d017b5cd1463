namespace TableLoad.Settings;

/// <summary>
/// The environment variables that carry secrets, so they stay out of process lists and argv: a user's
/// shell sets them, and a coordinator or sweep hands them to its children this way.
/// </summary>
internal static class SecretVariables
{
    public const string ConnectionString = "TABLELOAD_CONNECTION_STRING";

    public const string Sas = "TABLELOAD_SAS";
}
