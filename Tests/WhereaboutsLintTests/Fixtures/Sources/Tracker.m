#import <CoreLocation/CoreLocation.h>

static NSString *const kPurposeKey = @"Navigation";

@implementation Tracker

/* A method declared with the API's name is not a use:
   [self.manager requestAlwaysAuthorization]; */
- (void)requestWhenInUseAuthorization {
    [self.manager requestWhenInUseAuthorization];
}

- (void)startTracking {
    NSLog(@"[manager startMonitoringVisits]");
    self.manager.allowsBackgroundLocationUpdates = YES;
    [self.manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:kPurposeKey completion:^(NSError *error) {
        [self.manager startMonitoringSignificantLocationChanges];
    }];
}

@end
