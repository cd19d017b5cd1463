namespace TableLoad.Service.Log;

/// <summary>What the join needs of one record of either log format: whose request it was, when, and the service's two times.</summary>
/// <param name="ClientRequestId">The request's <c>x-ms-client-request-id</c> as TableLoad sends it (a GUID); null when the record names none TableLoad could have sent.</param>
internal readonly record struct ServiceLogEntry(Guid? ClientRequestId, DateTimeOffset Time, double ServerLatencyMs, double DurationMs);
