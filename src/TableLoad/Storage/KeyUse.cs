namespace TableLoad.Storage;

/// <summary>How an operation uses the keys it names.</summary>
internal enum KeyUse
{
    /// <summary>Stores keys nothing stored before (an insert of a key that exists is refused).</summary>
    WritesNew,

    /// <summary>Stores keys, new or not.</summary>
    Overwrites,

    /// <summary>Reads keys, which are not changed.</summary>
    Reads,

    /// <summary>Removes keys, each once.</summary>
    Deletes,

    /// <summary>Replaces keys that exist, each as it was just read: no key is added or removed.</summary>
    Updates,
}

/// <summary>
/// What a key use means to the key space, each a switch that names every member: a new key use fails the build here (CS8509) rather than
/// fall silently on one side of an <c>is X or Y</c>.
/// </summary>
internal static class KeyUseFacts
{
    /// <summary>Whether it stores entities, so that <c>--verify</c> counts its keys in and a request carries the entity's JSON.</summary>
    public static bool Stores(this KeyUse use) => use switch
    {
        KeyUse.WritesNew or KeyUse.Overwrites => true,
        KeyUse.Reads or KeyUse.Deletes or KeyUse.Updates => false,
    };

    /// <summary>Whether each key must be new: the service refuses one that exists (409 EntityAlreadyExists), and the request goes to the table, not the entity.</summary>
    public static bool WritesOnlyNew(this KeyUse use) => use switch
    {
        KeyUse.WritesNew => true,
        KeyUse.Overwrites or KeyUse.Reads or KeyUse.Deletes or KeyUse.Updates => false,
    };

    /// <summary>Whether it needs entities that are there: a read, a query, a delete and a read-modify-write act on a key space some writer filled.</summary>
    public static bool NeedsStoredKeys(this KeyUse use) => use switch
    {
        KeyUse.Reads or KeyUse.Deletes or KeyUse.Updates => true,
        KeyUse.WritesNew or KeyUse.Overwrites => false,
    };

    /// <summary>Whether each request draws one key from the key space (<c>--key-distribution</c>) and sends no batch.</summary>
    public static bool DrawsKeys(this KeyUse use) => use switch
    {
        KeyUse.Reads or KeyUse.Updates => true,
        KeyUse.WritesNew or KeyUse.Overwrites or KeyUse.Deletes => false,
    };

    /// <summary>Whether it takes keys away: a key it acted on is then gone, which a read-back proves.</summary>
    public static bool Removes(this KeyUse use) => use switch
    {
        KeyUse.Deletes => true,
        KeyUse.WritesNew or KeyUse.Overwrites or KeyUse.Reads or KeyUse.Updates => false,
    };

    /// <summary>Whether it may add or remove keys, so that a lost request leaves a count hanging on whether it landed: not a read, nor a read-modify-write.</summary>
    public static bool ChangesKeys(this KeyUse use) => use switch
    {
        KeyUse.WritesNew or KeyUse.Overwrites or KeyUse.Deletes => true,
        KeyUse.Reads or KeyUse.Updates => false,
    };

    /// <summary>Whether it changes what the table holds: everything but a read or a query.</summary>
    public static bool Changes(this KeyUse use) => use switch
    {
        KeyUse.WritesNew or KeyUse.Overwrites or KeyUse.Deletes or KeyUse.Updates => true,
        KeyUse.Reads => false,
    };
}
